extension InspectorPage {
    /// The script's model: the embedded data, the problems, and the states rebuilt step by step.
    static let modelScript = #"""
        // ---- Problems: the command's, then the page's own. Shown at the top, never a blank page.
        const problemSection = document.getElementById("problems");
        const problemList = document.getElementById("problem-list");

        function addProblem(text, severity) {
          const item = document.createElement("li");
          item.textContent = text;
          if (severity === "note") item.className = "note";
          else problemSection.classList.remove("notes-only");
          problemList.append(item);
          problemSection.hidden = false;
        }

        window.addEventListener("error", (event) => {
          addProblem("The page failed: " + event.message + " (script line " + event.lineno + ")");
        });

        // ---- The data the command embedded.
        let data;
        try {
          data = JSON.parse(document.getElementById("trace-data").textContent);
        } catch (error) {
          addProblem("The trace embedded in this page could not be read: " + error.message);
          return;
        }

        const files = data.files || [];
        const header = data.header || {};
        const kinds = data.kinds || "";
        /// The records, as written: each is parsed the first time it is needed (its changes shown, a state rebuilt).
        const recordLines = kinds.length ? document.getElementById("trace-records").textContent.split("\n") : [];
        const parsedRecords = new Array(recordLines.length);

        /// "trace.jsonl, line 12" for the record at `index`.
        function whereIs(index) {
          const file = data.secondFileStart !== null && index < data.secondFileStart ? files[0] : files[files.length - 1];
          return (file || data.source) + ", line " + data.lines[index];
        }

        /// The record at `index`, parsed (an empty object if it cannot be: the command checked every line).
        function recordAt(index) {
          let record = parsedRecords[index];
          if (record === undefined) {
            try {
              record = JSON.parse(recordLines[index]);
            } catch (error) {
              addProblem(whereIs(index) + ": cannot be read (" + error.message + ")");
              record = {};
            }
            parsedRecords[index] = record;
          }
          return record;
        }

        /// The whole record of `message`.
        function full(message) {
          return recordAt(message.recordIndex);
        }

        // ---- The model: messages in order, the whole states to rebuild from, effects, the divergence.
        /// Every message, in order, as the command indexed it: `{recordIndex, step, text, type, origin, hasState,
        /// hasGap, changeCount, effects}`; `effects` are the effect records written after it.
        const messages = [];
        /// The whole states: `{position, recordIndex}`, the state after `position` messages (0: before the first).
        const bases = [];
        /// Effect records written before the first message.
        const effectsBefore = [];
        let divergenceRecord = null;
        let endRecord = null;
        const index = data.messages || { steps: [], texts: [], types: [], typeNames: [], flags: [], changeCounts: [] };

        for (let recordIndex = 0, messageIndex = 0; recordIndex < kinds.length; recordIndex++) {
          switch (kinds[recordIndex]) {
            case "s":
              bases.push({ position: messages.length, recordIndex });
              break;
            case "m": {
              const flags = index.flags[messageIndex];
              const message = {
                recordIndex, step: index.steps[messageIndex], text: index.texts[messageIndex],
                type: index.typeNames[index.types[messageIndex]], origin: flags & 2 ? "effect" : flags & 4 ? "send" : null,
                hasState: (flags & 1) !== 0, hasGap: (flags & 8) !== 0, changeCount: index.changeCounts[messageIndex],
                effects: [],
              };
              messageIndex++;
              messages.push(message);
              if (message.hasState) bases.push({ position: messages.length, recordIndex });
              else if (message.hasGap && bases.length === 0) {
                addProblem(whereIs(recordIndex) + ": messages were dropped before this one and it carries no whole state");
              }
              break;
            }
            case "e":
              (messages.length ? messages[messages.length - 1].effects : effectsBefore).push(recordAt(recordIndex));
              break;
            case "d":
              if (divergenceRecord === null) divergenceRecord = recordAt(recordIndex);
              break;
            case "x":
              endRecord = recordAt(recordIndex);
              break;
          }
        }

        /// With `maximumMessages`, the trace may hold up to twice as many: show the last ones only.
        const maximum = typeof header.maximumMessages === "number" ? header.maximumMessages : Infinity;
        const hiddenCount = Math.max(0, messages.length - maximum);
        /// The messages shown; position p (1...count) is the state after shown[p - 1].
        const shown = hiddenCount ? messages.slice(hiddenCount) : messages;
        const divergedAt = typeof data.divergedAt === "number" ? data.divergedAt
          : divergenceRecord ? divergenceRecord.step : null;

        // ---- Rebuilding a state: from the last whole state at or before it, applying the changes after it.
        // States are never changed in place: applying a change copies the objects on its path and shares the
        // rest, so a tree drawn from an earlier state stays right.

        function copyOf(node) {
          if (Array.isArray(node)) return node.slice();
          const copy = {};
          for (const key of Object.keys(node)) setOwn(copy, key, node[key]);
          return copy;
        }

        /// Sets a property as data, even one named `__proto__`.
        function setOwn(object, key, value) {
          if (key === "__proto__") {
            Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
          } else {
            object[key] = value;
          }
        }

        function applyChange(root, change) {
          const path = change.path || [];
          if (path.length === 0) return "new" in change ? change.new : null;
          return applyAt(root, path, 0, change);
        }

        function applyAt(node, path, depth, change) {
          if (node === null || typeof node !== "object") return node; // the path leads nowhere: nothing to change
          const key = path[depth];
          const copy = copyOf(node);
          if (depth === path.length - 1) {
            // In an array, a change with only `new` inserts, one with only `old` removes, one with both replaces.
            if (Array.isArray(copy)) {
              if (!("new" in change)) copy.splice(key, 1);
              else if (!("old" in change)) copy.splice(key, 0, change.new);
              else copy[key] = change.new;
            } else if (!("new" in change)) {
              delete copy[key];
            } else {
              setOwn(copy, key, change.new);
            }
          } else {
            setOwn(copy, key, applyAt(node[key], path, depth + 1, change));
          }
          return copy;
        }

        function applyMessage(state, message) {
          const record = full(message);
          for (const change of record.filteredChanges || []) state = applyChange(state, change);
          for (const change of record.changes || []) state = applyChange(state, change);
          return state;
        }

        /// The last state computed, to step forward from it without starting again.
        let cached = null;

        /// The state after `position` messages of `messages` (all of them, hidden ones included), or
        /// `undefined` when no whole state comes before it.
        function stateAt(position) {
          let low = 0;
          let high = bases.length - 1;
          let base = null;
          while (low <= high) {
            const middle = (low + high) >> 1;
            if (bases[middle].position <= position) {
              base = bases[middle];
              low = middle + 1;
            } else {
              high = middle - 1;
            }
          }
          if (base === null) return undefined;
          let from = base.position;
          let state = recordAt(base.recordIndex).state;
          if (cached !== null && cached.position <= position && cached.position > from) {
            from = cached.position;
            state = cached.state;
          }
          for (let index = from; index < position; index++) state = applyMessage(state, messages[index]);
          cached = { position, state };
          return state;
        }

        /// The state after the shown position `position` (0: before the first message shown).
        function shownStateAt(position) {
          return stateAt(hiddenCount + position);
        }
        """#
}
