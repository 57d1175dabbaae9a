extension InspectorPage {
    /// The script's message list: virtualised (only the rows on screen exist), searched, filtered, driven by the keyboard.
    static let listScript = #"""
        // ---- The message list: only the rows on screen exist in the page.
        const list = document.getElementById("list");
        const spacer = document.getElementById("list-spacer");
        const searchBox = document.getElementById("search");
        const typeFilter = document.getElementById("type-filter");
        const matchCount = document.getElementById("match-count");
        const rowHeight = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--row")) || 28;

        /// The indexes in `shown` that the search and the type filter let through.
        let visible = shown.map((_, index) => index);
        /// The range of shown positions (from, to) the test skeleton covers, and the end it grows from.
        let range = null;
        let rangeAnchor = null;
        let renderQueued = false;

        function fillTypeFilter() {
          const counts = new Map();
          for (const message of shown) counts.set(message.type, (counts.get(message.type) || 0) + 1);
          const types = [...counts.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
          for (const [type, count] of types) {
            const option = document.createElement("option");
            option.value = type;
            option.textContent = type + " (" + count.toLocaleString("en-US") + ")";
            typeFilter.append(option);
          }
        }

        function applyFilters() {
          const query = searchBox.value.trim().toLowerCase();
          const type = typeFilter.value;
          visible = [];
          for (let index = 0; index < shown.length; index++) {
            const message = shown[index];
            if (type && message.type !== type) continue;
            if (query && !String(message.text).toLowerCase().includes(query)) continue;
            visible.push(index);
          }
          matchCount.textContent = visible.length === shown.length
            ? shown.length.toLocaleString("en-US") + " messages"
            : visible.length.toLocaleString("en-US") + " of " + shown.length.toLocaleString("en-US") + " messages";
          list.scrollTop = 0;
          renderList();
        }

        function scheduleListRender() {
          if (renderQueued) return;
          renderQueued = true;
          requestAnimationFrame(() => {
            renderQueued = false;
            renderList();
          });
        }

        function renderList() {
          spacer.style.height = visible.length * rowHeight + "px";
          const first = Math.max(0, Math.floor(list.scrollTop / rowHeight) - 5);
          const last = Math.min(visible.length, Math.ceil((list.scrollTop + list.clientHeight) / rowHeight) + 5);
          const rows = [];
          for (let slot = first; slot < last; slot++) rows.push(makeRow(visible[slot], slot));
          spacer.replaceChildren(...rows);
          const selected = position - 1;
          list.setAttribute("aria-activedescendant", selected >= 0 && document.getElementById("message-" + selected)
            ? "message-" + selected : "");
        }

        function makeRow(index, slot) {
          const message = shown[index];
          const row = document.createElement("div");
          row.className = "row";
          row.id = "message-" + index;
          row.setAttribute("role", "option");
          row.setAttribute("aria-selected", String(index === position - 1));
          row.dataset.index = index;
          row.style.top = slot * rowHeight + "px";
          if (range && index + 1 >= range[0] && index + 1 <= range[1]) row.classList.add("in-range");
          const step = document.createElement("span");
          step.className = "step-number";
          step.textContent = message.step;
          const text = document.createElement("span");
          text.className = "text";
          text.textContent = message.text;
          text.title = message.text;
          row.append(step, text);
          if (message.step === divergedAt) row.append(badge("first divergence", "diverged"));
          if (message.hasGap) row.append(badge(full(message).dropped + " dropped before", "gap"));
          if (message.origin === "effect") row.append(badge("effect", "effect"));
          const changeCount = message.changeCount;
          row.append(badge(changeCount === 1 ? "1 change" : changeCount + " changes", ""));
          return row;
        }

        function badge(text, kind) {
          const element = document.createElement("span");
          element.className = "badge " + kind;
          element.textContent = text;
          return element;
        }

        /// Scrolls the list so that the row of shown message `index` is in view, if the filters let it through.
        function revealInList(index) {
          const slot = lowerBound(visible, index);
          if (slot >= visible.length || visible[slot] !== index) return;
          const top = slot * rowHeight;
          if (top < list.scrollTop) list.scrollTop = top;
          else if (top + rowHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + rowHeight - list.clientHeight;
        }

        /// The first slot of the sorted array `values` holding a value at least `value`.
        function lowerBound(values, value) {
          let low = 0;
          let high = values.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            if (values[middle] < value) low = middle + 1;
            else high = middle;
          }
          return low;
        }

        /// Moves the selection `offset` rows through the visible messages; with `extend`, grows the range.
        function moveInList(offset, extend) {
          if (visible.length === 0) return;
          const index = position - 1;
          let slot = lowerBound(visible, index);
          if (position === 0) slot = offset > 0 ? offset - 1 : 0;
          else if (slot < visible.length && visible[slot] === index) slot += offset;
          else slot += offset > 0 ? offset - 1 : offset;
          select(visible[Math.min(visible.length - 1, Math.max(0, slot))], extend);
        }

        /// Selects shown message `index` (its step becomes the current position); with `extend`, the range runs
        /// from the anchor to it.
        function select(index, extend) {
          if (extend) {
            if (rangeAnchor === null) rangeAnchor = Math.max(1, position);
            setRange(Math.min(rangeAnchor, index + 1), Math.max(rangeAnchor, index + 1));
          } else {
            rangeAnchor = index + 1;
          }
          setPosition(index + 1);
          revealInList(index);
        }

        list.addEventListener("scroll", scheduleListRender);
        window.addEventListener("resize", scheduleListRender);
        list.addEventListener("click", (event) => {
          const row = event.target.closest(".row");
          if (!row) return;
          select(Number(row.dataset.index), event.shiftKey);
          list.focus({ preventScroll: true });
        });
        list.addEventListener("keydown", (event) => {
          const page = Math.max(1, Math.floor(list.clientHeight / rowHeight) - 1);
          const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -Infinity, End: Infinity };
          if (!(event.key in moves)) return;
          event.preventDefault();
          const offset = moves[event.key];
          if (visible.length === 0) return;
          if (offset === -Infinity) select(visible[0], event.shiftKey);
          else if (offset === Infinity) select(visible[visible.length - 1], event.shiftKey);
          else moveInList(offset, event.shiftKey);
        });
        searchBox.addEventListener("input", applyFilters);
        typeFilter.addEventListener("change", applyFilters);
        """#
}
