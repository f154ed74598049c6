/** Demo data for a first run: a small but believable IT and facilities help desk. */
import type { ListStore } from './lists';

/** The demo agents; alexw@example.com is the Agents Playground's default user, so the local demo user is an agent. */
export const DEMO_AGENTS: { email: string; name: string; active: boolean }[] = [
  { email: 'meganb@example.com', name: 'Megan Bowen', active: true },
  { email: 'alexw@example.com', name: 'Alex Wilber', active: true },
  { email: 'diegos@example.com', name: 'Diego Siciliani', active: true },
  { email: 'adelev@example.com', name: 'Adele Vance', active: false },
];

const PEOPLE: Record<string, string> = {
  pattif: 'Patti Fernandez', lynner: 'Lynne Robbins', isaiahl: 'Isaiah Langer', johannal: 'Johanna Lorenz',
  alexw: 'Alex Wilber', gradya: 'Grady Archie', miriamg: 'Miriam Graham', henriettam: 'Henrietta Mueller',
};

// [title, description, priority, status, category, requester, assignee, space, days ago]
type T = [string, string, string, string, string, string, string, 'it' | 'facilities', number];
const TICKETS: T[] = [
  ['VPN drops every 10 minutes', 'Since Monday the GlobalProtect VPN disconnects roughly every ten minutes when I work from home. Reconnecting works but I lose my Teams calls.', 'High', 'In Progress', 'Network', 'pattif', 'diegos', 'it', 24],
  ['New starter laptop for Johanna', 'Johanna Lorenz starts on the 1st in Marketing. She needs a standard laptop, docking station and a headset.', 'Normal', 'Resolved', 'Hardware', 'lynner', 'meganb', 'it', 23],
  ['Cannot open shared mailbox "Sales EMEA"', 'Outlook says I do not have permission to open the Sales EMEA shared mailbox. I was added last week.', 'Normal', 'Resolved', 'Access', 'isaiahl', 'alexw', 'it', 22],
  ['Printer on 3rd floor jams on duplex', 'The HP printer next to the kitchen on floor 3 jams every time we print double-sided.', 'Low', 'Resolved', 'Hardware', 'johannal', 'diegos', 'it', 21],
  ['Meeting room Everest display not working', 'The wall display in Everest shows "no signal" with every HDMI cable we tried.', 'High', 'Resolved', 'Facilities', 'pattif', 'meganb', 'facilities', 20],
  ['Excel crashes when opening budget workbook', 'Excel closes without a message when I open Budget FY27.xlsx from SharePoint. Other workbooks open fine.', 'Normal', 'Resolved', 'Software', 'lynner', 'alexw', 'it', 19],
  ['Password reset for payroll system', 'I am locked out of the payroll portal after three wrong attempts.', 'Urgent', 'Resolved', 'Access', 'isaiahl', 'diegos', 'it', 18],
  ['Air conditioning too cold in open space B', 'The open space on floor 2 (area B) is at 18 degrees all day. Several people are wearing coats.', 'Normal', 'Resolved', 'Facilities', 'johannal', 'meganb', 'facilities', 17],
  ['Teams camera not detected after update', 'After last night\'s Windows update Teams no longer finds my built-in camera.', 'Normal', 'Resolved', 'Software', 'alexw', 'diegos', 'it', 16],
  ['Wi-Fi very slow in the cafeteria', 'Speed tests in the cafeteria show less than 1 Mbit/s at lunchtime.', 'Low', 'In Progress', 'Network', 'pattif', 'alexw', 'it', 15],
  ['Access to Power BI finance workspace', 'I need viewer access to the Finance Reporting workspace in Power BI for the quarterly review.', 'Normal', 'Resolved', 'Access', 'lynner', 'meganb', 'it', 14],
  ['Broken chair at desk 2.14', 'The gas lift on the chair at desk 2.14 is broken; it sinks to the lowest position.', 'Low', 'Assigned', 'Facilities', 'isaiahl', 'meganb', 'facilities', 13],
  ['Outlook keeps asking for password', 'Outlook on my laptop prompts for my password several times a day even though I enter it correctly.', 'Normal', 'In Progress', 'Software', 'johannal', 'alexw', 'it', 12],
  ['Second monitor for home office', 'Could I get a second 24" monitor for my home office? My manager approved it.', 'Low', 'Assigned', 'Hardware', 'pattif', 'diegos', 'it', 11],
  ['Badge does not open the car park gate', 'My access badge works on the doors but not on the car park gate since my badge was replaced.', 'High', 'Assigned', 'Facilities', 'alexw', 'meganb', 'facilities', 10],
  ['SharePoint site for the O\'Brien account', 'We need a project site for the O\'Brien account team with the usual document libraries.', 'Normal', 'In Progress', 'Software', 'lynner', 'alexw', 'it', 9],
  ['Phishing email received from "CEO"', 'I received an email claiming to be from our CEO asking me to buy gift cards. I did not click anything.', 'Urgent', 'Resolved', 'Other', 'isaiahl', 'diegos', 'it', 9],
  ['Laptop battery swelling', 'The bottom of my laptop is bulging and the touchpad no longer clicks. I think the battery is swelling.', 'Urgent', 'In Progress', 'Hardware', 'johannal', 'meganb', 'it', 8],
  ['Leaking tap in 4th floor kitchen', 'The tap in the 4th floor kitchen drips constantly and there is water under the sink.', 'Normal', 'Assigned', 'Facilities', 'pattif', 'diegos', 'facilities', 7],
  ['Cannot connect to file share \\\\fs01\\projects', 'Mapping the projects share fails with "network path not found" from the office and from VPN.', 'High', 'Assigned', 'Network', 'lynner', 'alexw', 'it', 6],
  ['Adobe Acrobat licence for contracts team', 'The contracts team needs Acrobat Pro to redact PDFs. Three licences please.', 'Normal', 'New', 'Software', 'isaiahl', '', 'it', 5],
  ['Desk move for the data team', 'The data team (6 people) moves from floor 2 to floor 4 next month; we need desks, docking stations and phones moved.', 'Normal', 'New', 'Facilities', 'johannal', '', 'facilities', 5],
  ['MFA prompts on every sign-in', 'The Authenticator app asks me to approve every single sign-in, even on my own laptop in the office.', 'Normal', 'New', 'Access', 'alexw', '', 'it', 4],
  ['Projector bulb out in training room', 'The projector in the training room shows a lamp warning and then switches off after five minutes.', 'Low', 'New', 'Facilities', 'pattif', '', 'facilities', 4],
  ['Mobile phone for new sales rep', 'Grady Archie joins sales next week and needs a company phone with Outlook and Teams set up.', 'Normal', 'New', 'Hardware', 'lynner', '', 'it', 3],
  ['Zoom plugin missing in Outlook', 'The Zoom add-in disappeared from Outlook after my laptop was reimaged.', 'Low', 'New', 'Software', 'isaiahl', '', 'it', 3],
  ['Server room temperature alarm', 'The temperature sensor in the server room reported 31 degrees twice last night.', 'Urgent', 'Assigned', 'Facilities', 'johannal', 'diegos', 'facilities', 2],
  ['Guest Wi-Fi voucher printer offline', 'Reception cannot print guest Wi-Fi vouchers; the small label printer shows offline.', 'Normal', 'New', 'Network', 'pattif', '', 'it', 2],
  ['Request access to HR Teams channel', 'Please add me to the private HR Business Partners channel in Teams.', 'Low', 'New', 'Access', 'lynner', '', 'it', 1],
  ['Keyboard keys sticking', 'Several keys on my keyboard stick after a coffee accident. A replacement keyboard would be great.', 'Low', 'New', 'Hardware', 'alexw', '', 'it', 1],
  ['Lights flickering in meeting room Kilimanjaro', 'The ceiling lights in Kilimanjaro flicker constantly, which is hard on the eyes during long meetings.', 'Normal', 'New', 'Facilities', 'isaiahl', '', 'facilities', 0.5],
  ['OneDrive sync stuck at "processing changes"', 'OneDrive has shown "processing changes" for two days and my files are not syncing.', 'High', 'New', 'Software', 'johannal', '', 'it', 0.2],
];

// [ticket index, author (user part), internal?, body, hours after the ticket]
type C = [number, string, boolean, string, number];
const COMMENTS: C[] = [
  [0, 'diegos', false, 'Thanks Patti, can you tell me which Wi-Fi network you use at home and whether it happens on a cable too?', 2],
  [0, 'pattif', false, 'Home Wi-Fi, 5 GHz. I have not tried a cable yet.', 5],
  [0, 'diegos', true, 'Gateway logs show idle timeouts from her IP every 600 s. Suspect the home router NAT timeout; checking the keep-alive setting.', 26],
  [1, 'meganb', false, 'Laptop imaged and asset LAP-0042 assigned to Johanna. Headset is on her desk.', 30],
  [1, 'meganb', true, 'Used the last docking station from stock; reorder needed.', 31],
  [2, 'alexw', false, 'Added you with full access; it can take up to an hour to appear in Outlook.', 3],
  [3, 'diegos', true, 'Pickup roller worn. Replaced from spare parts kit.', 20],
  [4, 'meganb', false, 'The HDMI switch under the table had failed. Replaced it; the display works again.', 6],
  [5, 'alexw', true, 'Workbook has a broken external link to an old share; removed it with the Edit Links dialog.', 8],
  [5, 'alexw', false, 'Fixed: the workbook had a broken link. It opens now, please check.', 9],
  [6, 'diegos', false, 'Unlocked and sent you a one-time password by SMS.', 1],
  [7, 'meganb', false, 'Facilities adjusted the thermostat to 21 degrees for area B.', 24],
  [8, 'diegos', true, 'Known issue with the camera driver in this update; rolled back the driver.', 4],
  [9, 'alexw', false, 'We are adding a second access point in the cafeteria this week.', 20],
  [9, 'alexw', true, 'AP order PO-5521 placed, install scheduled Thursday.', 21],
  [10, 'meganb', false, 'Access granted as Viewer.', 2],
  [11, 'meganb', false, 'A replacement chair is on order.', 5],
  [12, 'alexw', false, 'Could you send a screenshot of the prompt?', 3],
  [12, 'johannal', false, 'Screenshot attached in email, it says "Need password" in the status bar.', 6],
  [12, 'alexw', true, 'Stale credential in Credential Manager plus old ADAL setting. Will remote in tomorrow.', 7],
  [14, 'meganb', true, 'Gate controller was not updated with the new badge number; ticket raised with the security vendor.', 4],
  [15, 'alexw', false, 'Site is created; I will add the team as members once you send me the list of names.', 12],
  [16, 'diegos', false, 'Thank you for reporting it. We have blocked the sender and removed the email from all mailboxes.', 1],
  [16, 'diegos', true, 'Sender domain ceo-office-mail.com added to the tenant block list.', 1.5],
  [17, 'meganb', false, 'Please stop using the laptop and unplug it. Bring it to the IT desk; we have a loaner ready.', 0.5],
  [17, 'meganb', true, 'Battery swelling confirmed. Vendor RMA requested; do NOT ship by air.', 3],
  [19, 'alexw', true, 'fs01 DNS record missing after the DC migration; re-registering.', 2],
  [26, 'diegos', false, 'Facilities checked the cooling unit; a filter was blocked. Monitoring overnight.', 3],
  [26, 'diegos', true, 'If it happens again, escalate to the HVAC contractor on the emergency line.', 4],
];

type A = [string, string, string, string, string, string, string, string, number];
const ASSETS: A[] = [
  ['LAP-0042', 'Laptop', 'In Use', 'johannal', 'Dell', 'Latitude 7450', '5CD4411XYZ', 'Latitude 7450 (Johanna Lorenz)', 40],
  ['LAP-0017', 'Laptop', 'In Use', 'alexw', 'Lenovo', 'ThinkPad T14 Gen 4', 'PF3KX21A', 'ThinkPad T14 (Alex Wilber)', 500],
  ['MON-0108', 'Monitor', 'In Use', 'alexw', 'Dell', 'P2423D', 'CN0D4XR8', 'Dell 24" monitor (Alex Wilber)', 420],
  ['PHN-0031', 'Phone', 'In Use', 'alexw', 'Apple', 'iPhone 15', 'F2LXK9QWER', 'iPhone 15 (Alex Wilber)', 300],
  ['LAP-0029', 'Laptop', 'In Use', 'pattif', 'HP', 'EliteBook 840 G10', '5CG3310ABC', 'EliteBook 840 (Patti Fernandez)', 380],
  ['LAP-0035', 'Laptop', 'In Use', 'lynner', 'Dell', 'Latitude 7440', '9HX2LM3', 'Latitude 7440 (Lynne Robbins)', 250],
  ['HDS-0012', 'Headset', 'In Use', 'isaiahl', 'Jabra', 'Evolve2 65', 'JB65-00912', 'Jabra headset (Isaiah Langer)', 200],
  ['LAP-0051', 'Laptop', 'In Stock', '', 'Lenovo', 'ThinkPad X1 Carbon Gen 12', 'PF4MZ77Q', 'ThinkPad X1 Carbon (spare)', 30],
  ['DCK-0020', 'Docking Station', 'In Stock', '', 'Dell', 'WD22TB4', 'CN0WD22TB', 'Dell dock (spare)', 90],
  ['LAP-0003', 'Laptop', 'Retired', '', 'HP', 'EliteBook 830 G5', '5CG8200OLD', 'EliteBook 830 (retired)', 1900],
];

const DAY = 86_400_000;
/** Values of the demo's extra choice column SD_Location; '' leaves it empty on that ticket. */
const LOCATIONS = ['HQ', 'Remote', '', 'Branch office', 'HQ', ''];

/** Fills an empty store with the demo help desk; dates are relative to `now`. Without `spaces` (a site before product 1.5) tickets carry no SD_SpaceId. */
export function seedDemo(store: ListStore, now = Date.now(), options: { spaces?: boolean } = {}): void {
  for (const a of DEMO_AGENTS) {
    store.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: a.active }, { created: new Date(now - 60 * DAY) });
  }
  const ticketIds: number[] = [];
  const ticketTimes: number[] = [];
  TICKETS.forEach(([title, desc, priority, status, category, who, agent, space, daysAgo], i) => {
    const email = `${who}@example.com`;
    const created = now - daysAgo * DAY + (i % 5) * 37 * 60_000;
    const modified = status === 'New' ? created : Math.min(now, created + (status === 'Resolved' ? 2 : 0.5) * DAY);
    const item = store.insert('SD_Tickets', {
      Title: title, SD_Description: desc, SD_Priority: priority, SD_Status: status, SD_Category: category,
      SD_SubmittedBy: email, SD_SubmittedByName: PEOPLE[who], SD_SubmittedByEmail: email,
      SD_AssignedTo: agent ? `${agent}@example.com` : '', ...(options.spaces === false ? {} : { SD_SpaceId: space }),
      // The demo site's extra column, filled on about two tickets in three (an older ticket may predate it).
      SD_Location: LOCATIONS[i % LOCATIONS.length],
    }, { created: new Date(created), modified: new Date(modified) });
    ticketIds.push(item.id);
    ticketTimes.push(created);
  });
  const comments = [...COMMENTS].sort((a, b) => ticketTimes[a[0]] + a[4] * 3_600_000 - (ticketTimes[b[0]] + b[4] * 3_600_000));
  for (const [t, who, internal, body, hours] of comments) {
    const at = new Date(Math.min(now, ticketTimes[t] + hours * 3_600_000));
    const name = PEOPLE[who] ?? DEMO_AGENTS.find((a) => a.email.startsWith(`${who}@`))?.name ?? who;
    store.insert('SD_Comments', {
      Title: `Comment on #${ticketIds[t]}`, SD_TicketId: ticketIds[t], SD_Body: body,
      SD_AuthorEmail: `${who}@example.com`, SD_AuthorName: name, SD_IsInternal: internal,
    }, { created: at, modified: at });
  }
  for (const [tag, type, status, who, maker, model, serial, title, ageDays] of ASSETS) {
    const bought = new Date(now - ageDays * DAY);
    const warranty = new Date(bought.getTime() + 3 * 365 * DAY);
    store.insert('SD_Assets', {
      Title: title, SD_AssetTag: tag, SD_Type: type, SD_Status: status, SD_AssignedTo: who ? `${who}@example.com` : '',
      SD_SerialNumber: serial, SD_Manufacturer: maker, SD_Model: model,
      SD_PurchaseDate: bought.toISOString().slice(0, 10) + 'T00:00:00Z', SD_WarrantyExpires: warranty.toISOString().slice(0, 10) + 'T00:00:00Z',
    }, { created: bought, modified: bought });
  }
}
