/** True under CI=true: a test that cannot run here must fail, not skip. */
export const inCi = process.env.CI === 'true' || process.env.CI === '1';
