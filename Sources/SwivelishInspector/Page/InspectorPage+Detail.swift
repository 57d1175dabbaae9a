extension InspectorPage {
    /// The script's view of a step: its message, its changes, its effects, the divergence, and the state as a tree made as it is opened.
    static let detailScript = #"""
        // ---- The selected step: its message, what it changed, its effects, and the state after it.
        const slider = document.getElementById("slider");
        const stepLabel = document.getElementById("step-label");
        const title = document.getElementById("message-title");
        const meta = document.getElementById("message-meta");
        const changesBody = document.querySelector("#changes tbody");
        const changesTable = document.getElementById("changes");
        const changesHeading = document.getElementById("changes-heading");
        const noChanges = document.getElementById("no-changes");
        const effectsSection = document.getElementById("effects-section");
        const effectsList = document.getElementById("effects");
        const payloadSection = document.getElementById("payload-section");
        const payload = document.getElementById("payload");
        const divergenceDetail = document.getElementById("divergence-detail");
        const stateHeading = document.getElementById("state-heading");
        const stateTree = document.getElementById("state-tree");

        /// The current position: 0 is the state before the first message shown, p the state after message p.
        let position = 0;

        /// A value in one short line: JSON, cut at `limit` characters.
        function brief(value, limit = 160) {
          if (value === undefined) return "—";
          const text = JSON.stringify(value);
          return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
        }

        /// `counter.past[2].count`: a path as code would write it (keys that are not identifiers as ["key"]), an
        /// element of an identified array by its id, as `ids` (the change's) names it: `todos[id: 4].title`.
        function pathText(path, ids) {
          if (!path || path.length === 0) return "(the whole state)";
          let text = "";
          for (const [index, component] of path.entries()) {
            const id = ids ? ids[index] : null;
            if (typeof component === "number" && id !== null && id !== undefined) {
              text += "[id: " + (typeof id === "string" ? JSON.stringify(id) : brief(id, 40)) + "]";
            } else if (typeof component === "number") text += "[" + component + "]";
            else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(component)) text += (text ? "." : "") + component;
            else text += "[" + JSON.stringify(component) + "]";
          }
          return text;
        }

        function fillChanges(body, changes, oldLabel, newLabel) {
          const rows = changes.map((change) => {
            const row = document.createElement("tr");
            const field = document.createElement("td");
            field.className = "mono";
            field.textContent = pathText(change.path, change.ids);
            const old = document.createElement("td");
            old.className = "old value";
            old.textContent = "old" in change ? brief(change.old) : oldLabel;
            old.title = "old" in change ? JSON.stringify(change.old) : "";
            const now = document.createElement("td");
            now.className = "new value";
            now.textContent = "new" in change ? brief(change.new) : newLabel;
            now.title = "new" in change ? JSON.stringify(change.new) : "";
            row.append(field, old, now);
            return row;
          });
          body.replaceChildren(...rows);
        }

        function setPosition(newPosition) {
          position = Math.max(0, Math.min(shown.length, newPosition));
          slider.value = String(position);
          const message = position > 0 ? shown[position - 1] : null;
          stepLabel.textContent = message ? "step " + message.step + " (" + position + " of " + shown.length + ")"
            : "before the first message";
          const record = message ? full(message) : null;
          if (message) {
            title.textContent = message.text;
            const parts = [message.type];
            if (message.origin === "effect") parts.push("sent by an effect (receive)");
            else if (message.origin === "send") parts.push("dispatched (send)");
            if (typeof record.time === "number") parts.push(new Date(record.time * 1000).toISOString().replace("T", " ").replace("Z", " UTC"));
            if (record.filtered) parts.push(record.filtered + " message(s) left out by the filter before it");
            if (record.dropped) parts.push(record.dropped + " message(s) dropped before it");
            if (typeof record.notApplied === "string") parts.push("not applied: " + record.notApplied);
            meta.textContent = parts.join(" · ");
            const changes = record.changes || [];
            fillChanges(changesBody, changes, "(new)", "(removed)");
            changesTable.hidden = changes.length === 0;
            noChanges.hidden = changes.length !== 0;
            showEffects(message.effects);
            payloadSection.hidden = !("payload" in record);
            payload.textContent = "payload" in record ? JSON.stringify(record.payload, null, 2) : "";
          } else {
            title.textContent = shown.length === 0 ? "No message in this trace"
              : hiddenCount ? "Before message " + shown[0].step : "The initial state";
            meta.textContent = hiddenCount ? hiddenCount + " earlier messages are in the file but not shown (maximumMessages)" : "";
            changesTable.hidden = true;
            noChanges.hidden = true;
            showEffects(hiddenCount ? [] : effectsBefore);
            payloadSection.hidden = true;
          }
          changesHeading.hidden = message === null;
          showDivergence(message);
          const state = shownStateAt(position);
          stateHeading.textContent = message ? "State after step " + message.step : "State before the first message";
          if (state === undefined) {
            stateTree.replaceChildren(emptyNote("The state at this step cannot be rebuilt: the trace holds no whole state before it."));
          } else {
            renderTree(stateTree, state, record ? record.changes || [] : []);
          }
          renderList();
        }

        function showEffects(effects) {
          effectsSection.hidden = effects.length === 0;
          effectsList.replaceChildren(...effects.map((effect) => {
            const item = document.createElement("li");
            const count = effect.event === "cancelled" && typeof effect.count === "number" ? " (" + effect.count + " in flight)" : "";
            item.textContent = effect.event + " " + effect.id + count + (effect.idType ? " · " + effect.idType : "");
            return item;
          }));
        }

        function showDivergence(message) {
          const here = message !== null && message.step === divergedAt;
          divergenceDetail.hidden = !here;
          if (!here) return;
          const heading = document.createElement("strong");
          heading.textContent = "First divergence: replaying this message made another state than the recorded one.";
          const nodes = [heading];
          if (divergenceRecord && divergenceRecord.step === divergedAt) {
            const text = document.createElement("pre");
            text.textContent = divergenceRecord.text || "";
            const table = document.createElement("table");
            table.className = "changes";
            table.innerHTML = '<thead><tr><th scope="col">Field</th><th scope="col">Recorded</th><th scope="col">Replayed</th></tr></thead><tbody></tbody>';
            fillChanges(table.tBodies[0], divergenceRecord.changes || [], "(missing)", "(missing)");
            nodes.push(text, table);
          }
          divergenceDetail.replaceChildren(...nodes);
        }

        function emptyNote(text) {
          const note = document.createElement("p");
          note.className = "empty";
          note.textContent = text;
          return note;
        }

        // ---- The state as a tree: each object or array a <details>, its children made when it is opened.
        const childrenPerBatch = 200;

        function renderTree(container, state, changes) {
          const changed = new Set();
          const onChangedPath = new Set();
          for (const change of changes) {
            const path = change.path || [];
            changed.add(path.join("\u0000"));
            for (let length = 0; length < path.length; length++) onChangedPath.add(path.slice(0, length).join("\u0000"));
          }
          container.replaceChildren(renderNode(header.state || "state", state, [], { changed, onChangedPath }));
        }

        function renderNode(key, value, path, marks) {
          const id = path.join("\u0000");
          const label = document.createElement("span");
          if (key !== null) {
            label.className = "key";
            label.textContent = (typeof key === "number" ? "[" + key + "]" : key) + ": ";
          }
          if (value === null || typeof value !== "object") {
            const leaf = document.createElement("div");
            leaf.className = "leaf" + (marks.changed.has(id) ? " changed" : "");
            const text = document.createElement("span");
            text.className = "value" + (typeof value === "string" ? " str" : "");
            text.textContent = JSON.stringify(value);
            leaf.append(label, text);
            return leaf;
          }
          const details = document.createElement("details");
          if (marks.changed.has(id)) details.className = "changed";
          const summary = document.createElement("summary");
          const kind = document.createElement("span");
          kind.className = "kind";
          const size = Array.isArray(value) ? value.length : Object.keys(value).length;
          kind.textContent = Array.isArray(value) ? "[" + size + (size === 1 ? " element]" : " elements]")
            : "{" + size + (size === 1 ? " field}" : " fields}");
          summary.append(label, kind);
          const preview = JSON.stringify(value);
          if (preview.length <= 60) {
            const short = document.createElement("span");
            short.className = "preview value";
            short.textContent = " " + preview;
            summary.append(short);
          }
          details.append(summary);
          let made = false;
          const make = () => {
            if (made) return;
            made = true;
            appendChildren(details, value, path, marks, 0);
          };
          details.addEventListener("toggle", () => { if (details.open) make(); });
          if (path.length === 0 || marks.onChangedPath.has(id)) {
            details.open = true;
            make();
          }
          return details;
        }

        function appendChildren(details, value, path, marks, start) {
          const keys = Array.isArray(value) ? null : Object.keys(value);
          const count = keys ? keys.length : value.length;
          const end = Math.min(count, start + childrenPerBatch);
          for (let index = start; index < end; index++) {
            const key = keys ? keys[index] : index;
            details.append(renderNode(key, value[key], path.concat([key]), marks));
          }
          if (end < count) {
            const more = document.createElement("button");
            more.type = "button";
            more.textContent = "Show " + Math.min(childrenPerBatch, count - end) + " more of " + (count - end);
            more.addEventListener("click", () => {
              more.remove();
              appendChildren(details, value, path, marks, end);
            });
            details.append(more);
          }
        }

        /// Opens every closed <details> of the tree, up to `limit` of them, level by level.
        function expandAll(limit = 2000) {
          let opened = 0;
          let closed = [...stateTree.querySelectorAll("details:not([open])")];
          while (closed.length && opened < limit) {
            for (const details of closed) {
              if (opened >= limit) break;
              details.open = true;
              details.dispatchEvent(new Event("toggle"));
              opened++;
            }
            closed = [...stateTree.querySelectorAll("details:not([open])")];
          }
        }

        document.getElementById("expand-all").addEventListener("click", () => expandAll());
        document.getElementById("collapse-all").addEventListener("click", () => {
          for (const details of stateTree.querySelectorAll("details[open]")) if (details.parentElement !== stateTree) details.open = false;
        });
        slider.addEventListener("input", () => {
          setPosition(Number(slider.value));
          if (position > 0) revealInList(position - 1);
        });
        document.getElementById("previous").addEventListener("click", () => travel(-1));
        document.getElementById("next").addEventListener("click", () => travel(1));

        function travel(offset) {
          setPosition(position + offset);
          if (position > 0) revealInList(position - 1);
        }
        """#
}
