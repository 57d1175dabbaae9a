extension InspectorPage {
    /// The page's body: semantic HTML, filled in by the script; `{{…}}` are filled in by ``InspectorPage``.
    static let markup = #"""
        <header class="top">
          <h1>Swivelish inspector</h1>
          <p id="summary">{{SUMMARY}}</p>
        </header>
        <section id="problems" class="problems{{PROBLEMS_CLASS}}" aria-labelledby="problems-heading"{{PROBLEMS_HIDDEN}}>
          <h2 id="problems-heading">About this trace</h2>
          <ul id="problem-list">{{PROBLEMS}}</ul>
        </section>
        <noscript><p class="problems">This page needs JavaScript to show the trace.</p></noscript>
        <main id="app" hidden>
          <nav class="messages" aria-label="Messages">
            <div class="filters" role="search">
              <label for="search">Search</label>
              <input id="search" type="search" placeholder="Text of a message" autocomplete="off" spellcheck="false">
              <label for="type-filter">Type</label>
              <select id="type-filter"><option value="">All types</option></select>
              <p id="match-count" aria-live="polite"></p>
            </div>
            <div id="list" class="list" role="listbox" tabindex="0" aria-label="Messages, in the order the store applied them">
              <div id="list-spacer" class="spacer"></div>
            </div>
          </nav>
          <section class="detail" aria-label="The selected step">
            <div class="timeline">
              <label for="slider">Step</label>
              <button id="previous" type="button" aria-label="Previous step" title="Previous step (←)">◀</button>
              <input id="slider" type="range" min="0" max="0" value="0" step="1">
              <button id="next" type="button" aria-label="Next step" title="Next step (→)">▶</button>
              <output id="step-label" for="slider"></output>
              <button id="goto-divergence" type="button" hidden>First divergence</button>
            </div>
            <article id="step-detail">
              <h2 id="message-title"></h2>
              <p id="message-meta" class="meta"></p>
              <div id="divergence-detail" class="divergence" hidden></div>
              <h3 id="changes-heading">Changes</h3>
              <table id="changes" class="changes" aria-labelledby="changes-heading">
                <thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
                <tbody></tbody>
              </table>
              <p id="no-changes" class="empty" hidden>No field changed.</p>
              <div id="effects-section" hidden>
                <h3>Effects</h3>
                <ul id="effects" class="effects"></ul>
              </div>
              <div id="payload-section" hidden>
                <h3>Payload (Codable)</h3>
                <pre id="payload" class="code"></pre>
              </div>
            </article>
            <section aria-labelledby="state-heading">
              <h3 id="state-heading">State</h3>
              <div class="tools">
                <button id="expand-all" type="button">Expand all</button>
                <button id="collapse-all" type="button">Collapse all</button>
              </div>
              <div id="state-tree" class="tree"></div>
            </section>
            <section aria-labelledby="skeleton-heading">
              <h3 id="skeleton-heading">Test skeleton</h3>
              <p class="meta">The messages of a range of steps as a <code>TestStore</code> test to complete: shift-click
                (or <kbd>Shift</kbd>+<kbd>↑</kbd> <kbd>↓</kbd>) in the list to choose the range, or type it.</p>
              <div class="tools">
                <label for="range-from">From step</label><input id="range-from" type="number" min="1">
                <label for="range-to">to</label><input id="range-to" type="number" min="1">
                <button id="copy-skeleton" type="button">Copy</button>
                <span id="copy-status" aria-live="polite"></span>
              </div>
              <pre class="code"><code id="skeleton"></code></pre>
            </section>
          </section>
        </main>
        <footer>Keys: <kbd>↑</kbd> <kbd>↓</kbd> move in the list, <kbd>←</kbd> <kbd>→</kbd> travel one step,
          <kbd>Home</kbd> <kbd>End</kbd> first and last, <kbd>/</kbd> search.</footer>
        """#
}
