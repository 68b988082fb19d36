/**
 * The Google stand-in's sign-in page: the demo accounts to choose from, and a Cancel, each posted
 * back to the interaction it belongs to (interactions.ts).
 */
import type { DemoGoogleAccount } from './demo-accounts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function accountPicker(uid: string, accounts: readonly DemoGoogleAccount[], clientName: string): string {
  const rows = accounts
    .map(
      (a) =>
        `<li><button type="submit" name="account" value="${escapeHtml(a.sub)}"><span class="name">${escapeHtml(`${a.givenName} ${a.familyName}`)}</span><span class="email">${escapeHtml(a.email)}</span></button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in - Google Accounts (local stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f4f9;margin:0;display:flex;justify-content:center;padding:48px 16px}main{background:#fff;border-radius:24px;padding:36px;max-width:420px;width:100%}h1{font-size:24px;font-weight:400;margin:0 0 8px}p{color:#444;margin:0 0 24px}ul{list-style:none;padding:0;margin:0 0 24px}li{border-top:1px solid #ddd}button{font:inherit;cursor:pointer}li button{display:flex;flex-direction:column;align-items:flex-start;gap:2px;width:100%;padding:14px 8px;background:none;border:0;text-align:left}li button:hover,li button:focus{background:#f2f2f2}.name{font-weight:500}.email{color:#555;font-size:14px}.cancel{background:none;border:0;color:#0b57d0;padding:8px 0}.note{font-size:12px;color:#666;margin-top:24px}</style></head>
<body><main><h1>Choose an account</h1><p>to continue to ${escapeHtml(clientName)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><ul aria-label="Demo Google accounts">${rows}</ul></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="cancel">Cancel</button></form>
<p class="note">A local stand-in for Google: these demo accounts exist only on this machine.</p></main></body></html>`;
}
