/**
 * The simulators' pages (demo mode only) look like the services they stand for: a phone screen of
 * the identity app, a hosted payment page. Their stylesheet is served beside each simulator (the
 * server’s CSP allows no inline style); every text is Arabic first, then English. They name an
 * empty icon, so a browser asks the server for no /favicon.ico (a 404 it would log as an error).
 */

/** Text set into a page's HTML (content or an attribute's value). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

/** The page around a simulator's content. */
export function simulatorDocument(input: {
  title: string;
  stylesheet: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<link rel="stylesheet" href="${input.stylesheet}">
<link rel="icon" href="data:,">
</head>
<body>
<main class="frame">
${input.body}
</main>
</body>
</html>`;
}

/** The stylesheet, in the service's colour; light and dark follow the device. */
export function simulatorStylesheet(accent: string): string {
  return `:root { color-scheme: light dark; --accent: ${accent}; --ground: #f4f6f8; --card: #fff; --text: #1b1f24; --muted: #5b6570; }
@media (prefers-color-scheme: dark) { :root { --ground: #101317; --card: #1b2027; --text: #eef1f4; --muted: #a7b0ba; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--ground); color: var(--text);
  font: 16px/1.5 system-ui, "Segoe UI", Tahoma, sans-serif; display: grid; place-items: start center; }
.frame { width: min(100%, 26rem); margin: 2rem 1rem; background: var(--card); border-radius: 1.25rem;
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.12); overflow: hidden; }
.bar { background: var(--accent); color: #fff; padding: 1rem 1.25rem; }
.bar h1 { margin: 0; font-size: 1.15rem; }
.bar p { margin: 0.25rem 0 0; opacity: 0.9; font-size: 0.9rem; }
.content { padding: 1.25rem; display: grid; gap: 1rem; }
.muted { color: var(--muted); font-size: 0.9rem; margin: 0; }
.stack { display: grid; gap: 1rem; }
.request p { margin: 0; }
/* Long addresses and links break where they must on a phone, never past the card's edge. */
.request p, .request a, .request h2 { overflow-wrap: anywhere; }
label { display: grid; gap: 0.35rem; font-weight: 600; }
input { font: inherit; padding: 0.65rem 0.8rem; border: 1px solid #c4ccd4; border-radius: 0.6rem; background: var(--card); color: var(--text); }
input[dir="ltr"] { text-align: left; letter-spacing: 0.08em; }
button { font: inherit; font-weight: 600; border: 0; border-radius: 0.7rem; padding: 0.7rem 1rem; cursor: pointer;
  background: var(--accent); color: #fff; }
button.secondary { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; }
.request { border: 1px solid #d7dde3; border-radius: 1rem; padding: 1rem; display: grid; gap: 0.75rem; }
.choices { display: flex; flex-wrap: wrap; gap: 0.75rem; justify-content: center; }
.choices button { width: 4.5rem; height: 4.5rem; border-radius: 50%; font-size: 1.6rem; font-variant-numeric: tabular-nums; }
.amount { font-size: 2rem; font-weight: 700; margin: 0; direction: ltr; text-align: right; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
.actions button { flex: 1 1 8rem; }
.stamp { margin: 0; padding: 0.75rem 1rem; border-radius: 0.7rem; background: var(--ground); font-weight: 600; }
select { font: inherit; padding: 0.6rem 0.7rem; border: 1px solid #c4ccd4; border-radius: 0.6rem; background: var(--card); color: var(--text); max-width: 100%; }
.check { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
a { color: var(--accent); }
.ok { color: #1b7f5b; } .bad { color: #b3261e; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; } td, th { padding: 0.35rem; border-bottom: 1px solid #d7dde3; text-align: start; overflow-wrap: anywhere; }
`;
}
