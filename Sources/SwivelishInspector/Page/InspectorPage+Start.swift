extension InspectorPage {
    /// The script's start: the summary, the keys, and the first step shown.
    static let startScript = #"""
        // ---- Putting it together.
        function summaryText() {
          const parts = [data.source];
          if (header.state) parts.push(header.state);
          parts.push(shown.length.toLocaleString("en-US") + (shown.length === 1 ? " message" : " messages"));
          const fromEffects = shown.filter((message) => message.origin === "effect").length;
          if (fromEffects) parts.push(fromEffects.toLocaleString("en-US") + " sent by effects");
          if (hiddenCount) parts.push(hiddenCount.toLocaleString("en-US") + " older not shown (maximumMessages " + maximum + ")");
          const first = shown.length ? full(shown[0]).time : undefined;
          const last = shown.length ? full(shown[shown.length - 1]).time : undefined;
          if (typeof first === "number" && typeof last === "number" && shown.length > 1) {
            const seconds = last - first;
            parts.push("over " + (seconds < 1 ? Math.round(seconds * 1000) + " ms" : seconds.toFixed(1) + " s"));
          }
          if (endRecord) {
            const missing = (endRecord.dropped || 0) + (endRecord.lost || 0);
            parts.push(missing ? missing.toLocaleString("en-US") + " dropped or lost while writing" : "complete");
          } else {
            parts.push("not closed");
          }
          return parts.join(" · ");
        }

        document.addEventListener("keydown", (event) => {
          const target = event.target;
          const typing = target instanceof HTMLInputElement || target instanceof HTMLSelectElement
            || target instanceof HTMLTextAreaElement;
          if (event.key === "/" && !typing) {
            event.preventDefault();
            searchBox.focus();
            return;
          }
          if (typing || target === list || event.altKey || event.ctrlKey || event.metaKey) return;
          if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
            event.preventDefault();
            travel(event.key === "ArrowLeft" ? -1 : 1);
          } else if (event.key === "Home" || event.key === "End") {
            event.preventDefault();
            travel(event.key === "Home" ? -Infinity : Infinity);
          }
        });

        const gotoDivergence = document.getElementById("goto-divergence");
        gotoDivergence.addEventListener("click", () => {
          const index = shown.findIndex((message) => message.step === divergedAt);
          if (index >= 0) select(index, false);
        });

        document.getElementById("summary").textContent = summaryText();
        document.getElementById("app").hidden = false;
        slider.max = String(shown.length);
        fillTypeFilter();
        applyFilters();
        const divergenceIndex = divergedAt === null ? -1 : shown.findIndex((message) => message.step === divergedAt);
        if (divergedAt !== null && divergenceIndex < 0) {
          addProblem("The first divergence is at step " + divergedAt + ", which is not among the messages shown.");
        }
        gotoDivergence.hidden = divergenceIndex < 0;
        if (divergenceIndex >= 0) select(divergenceIndex, false);
        else setPosition(shown.length);
        if (position > 0) revealInList(position - 1);
        setRange(shown.length <= 200 ? 1 : Math.max(1, shown.length - 19), shown.length);
        document.documentElement.dataset.ready = "true";
        window.inspectorReadyAt = performance.now();
        """#
}
