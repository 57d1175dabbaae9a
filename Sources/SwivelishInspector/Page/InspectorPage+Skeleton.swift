extension InspectorPage {
    /// The script's test skeleton: a range of steps as `TestStore` calls.
    static let skeletonScript = #"""
        // ---- A TestStore test of a range of steps, to copy and complete.
        const rangeFrom = document.getElementById("range-from");
        const rangeTo = document.getElementById("range-to");
        const skeleton = document.getElementById("skeleton");
        const copyStatus = document.getElementById("copy-status");

        /// Sets the range of shown positions (1-based, inclusive) the skeleton covers.
        function setRange(from, to) {
          if (shown.length === 0) {
            range = null;
            skeleton.textContent = "// No message in this trace.";
            return;
          }
          from = Math.max(1, Math.min(shown.length, from));
          to = Math.max(from, Math.min(shown.length, to));
          range = [from, to];
          rangeFrom.value = String(shown[from - 1].step);
          rangeTo.value = String(shown[to - 1].step);
          skeleton.textContent = testSkeleton(from, to);
          scheduleListRender();
        }

        /// The shown position of the first message whose step is at least `step`.
        function positionOfStep(step) {
          let low = 0;
          let high = shown.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            if (shown[middle].step < step) low = middle + 1;
            else high = middle;
          }
          return low + 1;
        }

        function rangeFromInputs() {
          if (rangeFrom.value.trim() === "" || rangeTo.value.trim() === "") return; // still being typed
          const from = Number(rangeFrom.value);
          const to = Number(rangeTo.value);
          if (!Number.isFinite(from) || !Number.isFinite(to)) return;
          setRange(positionOfStep(from), Math.min(shown.length, positionOfStep(to + 1) - 1));
        }

        /// A Swift string literal.
        function swiftString(text) {
          let result = '"';
          for (const character of text) {
            const code = character.codePointAt(0);
            if (character === '"') result += '\\"';
            else if (character === "\\") result += "\\\\";
            else if (character === "\n") result += "\\n";
            else if (character === "\r") result += "\\r";
            else if (character === "\t") result += "\\t";
            else if (code < 0x20) result += "\\u{" + code.toString(16) + "}";
            else result += character;
          }
          return result + '"';
        }

        /// A value as a Swift literal, or an editor placeholder holding its JSON when it has none.
        function swiftValue(value) {
          if (value === null) return "nil";
          if (typeof value === "string") return swiftString(value);
          if (typeof value === "number" || typeof value === "boolean") return String(value);
          return "<#" + brief(value, 120).replace(/#>/g, "# >") + "#>";
        }

        /// `$0.counter.past[2]`.
        function swiftPath(path) {
          let text = "$0";
          for (const component of path) {
            if (typeof component === "number") text += "[" + component + "]";
            else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(component)) text += "." + component;
            else text += "[" + swiftString(component) + "]";
          }
          return text;
        }

        /// The value at `path` in `state`, or `undefined`.
        function valueAt(state, path) {
          let node = state;
          for (const key of path) {
            if (node === null || typeof node !== "object") return undefined;
            node = node[key];
          }
          return node;
        }

        /// The lines of the assertion closure of `message`, from `state` (the state before it, or `undefined`
        /// when unknown): each change as an assignment, an append, an insertion or a removal. Also returns the
        /// state after the message.
        function assertions(record, state) {
          for (const change of record.filteredChanges || []) state = state === undefined ? state : applyChange(state, change);
          const lines = [];
          for (const change of record.changes || []) {
            const path = change.path || [];
            const last = path[path.length - 1];
            const parent = swiftPath(path.slice(0, -1));
            const container = state === undefined ? undefined : valueAt(state, path.slice(0, -1));
            const count = Array.isArray(container) ? container.length : -1;
            if (path.length === 0) {
              lines.push("$0 = " + swiftValue(change.new));
            } else if (!("new" in change)) {
              if (typeof last !== "number") lines.push(swiftPath(path) + " = nil");
              else if (last === count - 1) lines.push(parent + ".removeLast()");
              else if (last === 0) lines.push(parent + ".removeFirst()");
              else lines.push(parent + ".remove(at: " + last + ")");
            } else if (!("old" in change) && typeof last === "number") {
              if (last === count) lines.push(parent + ".append(" + swiftValue(change.new) + ")");
              else lines.push(parent + ".insert(" + swiftValue(change.new) + ", at: " + last + ")");
            } else {
              lines.push(swiftPath(path) + " = " + swiftValue(change.new));
            }
            if (state !== undefined) state = applyChange(state, change);
          }
          return { lines, state };
        }

        function testSkeleton(from, to) {
          const first = shown[from - 1];
          const last = shown[to - 1];
          const lines = [];
          lines.push("// Steps " + first.step + " to " + last.step + " of " + data.source + ", as a TestStore test.");
          lines.push("// Fill in the placeholders (<#...#>): the initial state, and values the trace shows as JSON.");
          lines.push("@Test func replaysSteps" + first.step + "To" + last.step + "() async {");
          const stateType = header.state || "State";
          const before = from === 1 && !hiddenCount ? "the initial state" : "the state after step " + shown[from - 2].step;
          lines.push("    let store = TestStore(initialState: <#" + stateType + ": " + before + "#>)");
          let state = shownStateAt(from - 1);
          for (let index = from - 1; index < to; index++) {
            const message = shown[index];
            const record = full(message);
            lines.push("");
            if (record.filtered || record.dropped) {
              lines.push("    // Before step " + message.step + ": " + (record.filtered || 0) + " message(s) left out by the "
                + "trace's filter, " + (record.dropped || 0) + " dropped: the test must send them too.");
            }
            const call = message.origin === "effect" ? "await store.receive(" : "store.send(";
            const result = assertions(record, state);
            const body = result.lines;
            state = "state" in record ? record.state : result.state;
            if (body.length === 0) {
              lines.push("    " + call + message.text + ")");
            } else {
              lines.push("    " + call + message.text + ") {");
              for (const line of body) lines.push("        " + line);
              lines.push("    }");
            }
          }
          lines.push("    await store.finish()");
          lines.push("}");
          return lines.join("\n");
        }

        rangeFrom.addEventListener("change", rangeFromInputs);
        rangeTo.addEventListener("change", rangeFromInputs);
        document.getElementById("copy-skeleton").addEventListener("click", () => {
          const text = skeleton.textContent;
          const copied = navigator.clipboard && window.isSecureContext
            ? navigator.clipboard.writeText(text)
            : Promise.reject(new Error("no clipboard"));
          copied.then(() => { copyStatus.textContent = "Copied."; }, () => {
            const selection = window.getSelection();
            const whole = document.createRange();
            whole.selectNodeContents(skeleton);
            selection.removeAllRanges();
            selection.addRange(whole);
            copyStatus.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
          });
        });
        """#
}
