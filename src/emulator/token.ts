/**
 * The identity side: the client-credentials token endpoint with Entra ID's error shapes, and the
 * OpenID discovery document msal-node fetches before its first token request.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/** Client registration and issued tokens. */
export interface Identity {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  lifetimeSeconds: number;
  /** token -> expiry (ms since epoch). */
  tokens: Map<string, number>;
}

/** An answer for the HTTP layer to send. */
export interface IdentityAnswer { status: number; body: unknown }

function aadError(status: number, error: string, code: number, description: string): IdentityAnswer {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    },
  };
}

function unknownTenant(tenant: string): IdentityAnswer {
  return aadError(400, 'invalid_request', 90002,
    `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`);
}

/** Answers POST /{tenant}/oauth2/v2.0/token; `resources` are the graph addresses a `.default` scope may name. */
export function issueToken(id: Identity, tenant: string, form: URLSearchParams, resources: string[]): IdentityAnswer {
  if (tenant !== id.tenantId) return unknownTenant(tenant);
  const grant = form.get('grant_type');
  if (grant !== 'client_credentials') {
    return aadError(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grant ?? ''}'. This help-desk site accepts client_credentials only.`);
  }
  const clientId = form.get('client_id');
  if (clientId !== id.clientId) {
    return aadError(400, 'unauthorized_client', 700016,
      `Application with identifier '${clientId ?? ''}' was not found in the directory '${tenant}'. This can happen if the application has not been installed by the administrator of the tenant.`);
  }
  const secret = form.get('client_secret');
  if (!secret) {
    return aadError(401, 'invalid_client', 7000218, "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.");
  }
  if (secret !== id.clientSecret) {
    return aadError(401, 'invalid_client', 7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${id.clientId}'.`);
  }
  const scopes = (form.get('scope') ?? '').split(/\s+/).filter((s) => s && !['openid', 'profile', 'offline_access'].includes(s));
  if (scopes.length !== 1 || !scopes[0].endsWith('/.default')) {
    return aadError(400, 'invalid_scope', 1002012,
      `The provided value for scope '${form.get('scope') ?? ''}' is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`);
  }
  const resource = scopes[0].slice(0, -'/.default'.length).replace(/\/+$/, '');
  if (!resources.includes(resource)) {
    return aadError(400, 'invalid_resource', 500011,
      `The resource principal named ${resource} was not found in the tenant named ${tenant}. Ask for the graph service's own address with /.default (e.g. ${resources[0]}/.default).`);
  }
  const token = `emu.${randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  for (const [t, exp] of id.tokens) if (exp < now - 3_600_000) id.tokens.delete(t);
  id.tokens.set(token, now + id.lifetimeSeconds * 1000);
  return {
    status: 200,
    body: { token_type: 'Bearer', expires_in: id.lifetimeSeconds, ext_expires_in: id.lifetimeSeconds, access_token: token },
  };
}

/** Why a bearer token is refused, or undefined when it is good. */
export function checkBearer(id: Identity, header: string | undefined): string | undefined {
  if (!header) return 'Access token is empty.';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) return 'Access token is empty.';
  const exp = id.tokens.get(m[1]);
  if (exp === undefined) return 'IDX14100: JWT is not well formed, there are no dots (.). The token needs to be in JWS or JWE Compact Serialization Format.';
  if (exp <= Date.now()) return 'Lifetime validation failed, the token is expired.';
  return undefined;
}

/**
 * Answers GET /{tenant}/v2.0/.well-known/openid-configuration. `origin` is the https form of
 * this server's address: msal-node requires the issuer and endpoints to sit on the authority's
 * own scheme, host and port, and it only accepts https authorities.
 */
export function openIdConfiguration(id: Identity, tenant: string, origin: string): IdentityAnswer {
  if (tenant !== id.tenantId) return unknownTenant(tenant);
  const base = `${origin}/${tenant}`;
  return {
    status: 200,
    body: {
      token_endpoint: `${base}/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      jwks_uri: `${base}/discovery/v2.0/keys`,
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      issuer: `${base}/v2.0`,
      request_uri_parameter_supported: false,
      userinfo_endpoint: `${base}/openid/userinfo`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
      http_logout_supported: true,
      frontchannel_logout_supported: true,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'tid'],
      tenant_region_scope: 'EU',
      cloud_instance_name: 'microsoftonline.com',
    },
  };
}
