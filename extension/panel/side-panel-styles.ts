/** The side panel's own styles, inside its shadow root (nothing reaches the CRM page). */
export const SIDE_PANEL_CSS = `
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.panel {
  position: relative; display: flex; height: 100%; width: 100%;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  font-size: 13px; line-height: 1.4; color: #101828;
}
.tab {
  flex: 0 0 32px; width: 32px; height: 100%; border: 0; margin: 0; padding: 12px 0;
  display: flex; flex-direction: column; align-items: center; gap: 8px;
  background: #0074a8; color: #fff; cursor: pointer; font: 600 12px/1 system-ui, sans-serif;
  writing-mode: vertical-rl; letter-spacing: 0.04em;
}
.tab:focus-visible, .collapse:focus-visible, .resize:focus-visible { outline: 2px solid #0091d0; outline-offset: -2px; }
.body { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; background: #f5f7fa;
  border-left: 1px solid #cfd5dd; box-shadow: -8px 0 24px rgba(16, 24, 40, 0.12); }
.panel[data-open='false'] .body, .panel[data-open='false'] .resize { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; background: #fff; border-bottom: 1px solid #e4e7ec; }
header .title { font-weight: 700; }
header .live { color: #12805c; font-weight: 600; white-space: nowrap; }
header .live:empty { display: none; }
header .who { color: #475467; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1; }
.collapse { border: 1px solid #cfd5dd; background: #fff; border-radius: 6px; padding: 2px 8px; cursor: pointer; font: inherit; color: inherit; }
.notice:empty { display: none; }
.notice { padding: 8px 12px; background: #eef8fd; color: #0074a8; border-bottom: 1px solid #e4e7ec; }
.widgets { flex: 1 1 auto; overflow: auto; display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; padding: 12px; align-content: start; }
.empty { color: #475467; padding: 12px; }
.resize { position: absolute; left: 30px; top: 0; bottom: 0; width: 6px; cursor: ew-resize; z-index: 1; }
@media (prefers-color-scheme: dark) {
  .panel { color: #e6edf3; }
  .body { background: #0b0f14; border-left-color: #334255; }
  header { background: #131a22; border-bottom-color: #263241; }
  header .live { color: #12805c; font-weight: 600; white-space: nowrap; }
header .live:empty { display: none; }
header .who { color: #a3b1c2; }
  .collapse { background: #131a22; border-color: #334255; }
  .notice { background: rgba(47, 179, 243, 0.12); color: #5cc4f6; border-bottom-color: #263241; }
}
`;
