extension InspectorPage {
    /// The page's styles: light and dark, from the system's setting.
    static let style = #"""
        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1d1d1f; --muted: #6b6b73; --line: #d9d9de; --panel: #f6f6f8;
          --accent: #0a5ad4; --accent-bg: #e3edfd; --range-bg: #f1f6e4; --changed: #fff3c4;
          --bad: #b3261e; --bad-bg: #fdecea; --note-bg: #eef3fb; --added: #1a7f37; --removed: #b3261e;
          --row: 28px;
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #17171a; --fg: #ececf0; --muted: #a0a0aa; --line: #34343a; --panel: #1f1f23;
            --accent: #7fb0ff; --accent-bg: #1f3350; --range-bg: #25301c; --changed: #4a3f12;
            --bad: #ff8a80; --bad-bg: #3b1d1b; --note-bg: #1c2638; --added: #6fdc8c; --removed: #ff8a80;
          }
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); }
        body { display: flex; flex-direction: column; }
        code, pre, .mono, .value, .step-number { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
        header.top { padding: 10px 16px; border-bottom: 1px solid var(--line); display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
        header.top h1 { font-size: 17px; margin: 0; }
        header.top p { margin: 0; color: var(--muted); }
        .problems { margin: 8px 16px 0; padding: 8px 12px; border: 1px solid var(--bad); background: var(--bad-bg); border-radius: 6px; }
        .problems h2 { font-size: 14px; margin: 0 0 4px; }
        .problems ul { margin: 0; padding-left: 20px; }
        .problems li.note { color: var(--muted); }
        .problems.notes-only { border-color: var(--line); background: var(--note-bg); }
        main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(300px, 38%) 1fr; }
        main[hidden] { display: none; }
        nav.messages { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line); }
        .filters { padding: 8px 12px; display: grid; grid-template-columns: auto 1fr; gap: 6px 8px; align-items: center; border-bottom: 1px solid var(--line); }
        .filters p { grid-column: 1 / -1; margin: 0; color: var(--muted); }
        input, select, button { font: inherit; color: inherit; }
        input[type=search], input[type=number], select { background: var(--bg); border: 1px solid var(--line); border-radius: 5px; padding: 3px 6px; }
        button { background: var(--panel); border: 1px solid var(--line); border-radius: 5px; padding: 2px 10px; cursor: pointer; }
        button:hover { border-color: var(--accent); }
        :focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        .list { flex: 1; min-height: 0; overflow-y: auto; position: relative; }
        .list:focus-visible { outline-offset: -2px; }
        .spacer { position: relative; }
        .row { position: absolute; left: 0; right: 0; height: var(--row); display: flex; gap: 8px; align-items: center; padding: 0 12px; white-space: nowrap; cursor: pointer; border-bottom: 1px solid transparent; }
        .row:hover { background: var(--panel); }
        .row.in-range { background: var(--range-bg); }
        .row[aria-selected=true] { background: var(--accent-bg); box-shadow: inset 3px 0 var(--accent); }
        .row .step-number { color: var(--muted); min-width: 4ch; text-align: right; }
        .row .text { overflow: hidden; text-overflow: ellipsis; flex: 1; }
        .badge { font-size: 11px; border: 1px solid var(--line); border-radius: 9px; padding: 0 6px; color: var(--muted); }
        .badge.effect { border-color: var(--accent); color: var(--accent); }
        .badge.diverged, .badge.gap { border-color: var(--bad); color: var(--bad); }
        .detail { overflow-y: auto; min-height: 0; padding: 10px 16px 40px; }
        .timeline { display: flex; gap: 8px; align-items: center; position: sticky; top: -10px; background: var(--bg); padding: 6px 0; z-index: 1; border-bottom: 1px solid var(--line); }
        .timeline input[type=range] { flex: 1; }
        .timeline output { min-width: 12ch; color: var(--muted); }
        .detail h2 { font-size: 16px; margin: 14px 0 2px; overflow-wrap: anywhere; }
        .detail h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 18px 0 6px; }
        .meta { color: var(--muted); margin: 0; }
        table.changes { border-collapse: collapse; width: 100%; }
        table.changes th, table.changes td { text-align: left; vertical-align: top; padding: 3px 8px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        table.changes th { font-weight: 600; color: var(--muted); font-size: 12px; }
        td.old { color: var(--removed); }
        td.new { color: var(--added); }
        .divergence { border: 1px solid var(--bad); background: var(--bad-bg); border-radius: 6px; padding: 8px 12px; margin-top: 10px; }
        .divergence pre { white-space: pre-wrap; margin: 6px 0; }
        ul.effects { margin: 0; padding-left: 18px; }
        .tree { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
        .tree details { margin-left: 14px; }
        .tree > details { margin-left: 0; }
        .tree summary { cursor: pointer; }
        .tree .leaf { margin-left: 28px; }
        .tree .key { color: var(--accent); }
        .tree .kind { color: var(--muted); }
        .tree details[open] > summary .preview { display: none; }
        .tree .preview { color: var(--muted); }
        .tree .changed > summary, .tree .leaf.changed { background: var(--changed); }
        .tree .str { color: #a5401f; }
        @media (prefers-color-scheme: dark) { .tree .str { color: #f2a27e; } }
        .tools { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        pre.code { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px; overflow-x: auto; }
        .empty { color: var(--muted); font-style: italic; }
        footer { border-top: 1px solid var(--line); padding: 4px 16px; color: var(--muted); font-size: 12px; }
        kbd { font: inherit; border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        """#
}
