// Drag a card onto a target, as well as click: press on a playable card, move it (a
// copy follows the finger or the mouse) and let go over a highlighted card, a
// highlighted seat or your own field. Pointer events, so that mouse, pen and touch all
// work; a press that hardly moves stays a click.

const THRESHOLD = 8; // px the pointer must move before a press becomes a drag

/**
 * Let the cards of `board` be dragged. `api.canDrag(card)` says whether a card may be
 * picked up; `api.begin(card)` is called when the drag starts (select it, so that its
 * targets light up); `api.drop(node)` with the element under the pointer when it is let
 * go (null: outside the page); `api.cancel()` when the drag is abandoned.
 */
export function draggable(board, api) {
  let press = null; // {card, x, y, id, node, dx, dy}
  let ghost = null;
  let over = null;
  let swallow = false;

  const under = (x, y) => document.elementFromPoint(x, y);

  function mark(node) {
    const target = node ? node.closest(".card.target, .seat.target, .seat.mine .field.drop") : null;
    if (target === over) return;
    if (over) over.classList.remove("drag-over");
    over = target;
    if (over) over.classList.add("drag-over");
  }

  function end() {
    if (ghost) ghost.remove();
    if (over) over.classList.remove("drag-over");
    ghost = null; over = null; press = null;
  }

  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !e.isPrimary) return;
    const node = e.target.closest(".card.playable[data-card]");
    if (!node || !api.canDrag(node.dataset.card)) return;
    // A touch captures its pointer to the card it began on; that card is drawn again
    // when the drag starts, so let the events go to whatever lies under the finger.
    if (node.hasPointerCapture(e.pointerId)) node.releasePointerCapture(e.pointerId);
    const r = node.getBoundingClientRect();
    press = { card: node.dataset.card, x: e.clientX, y: e.clientY, id: e.pointerId, node,
      dx: e.clientX - r.left, dy: e.clientY - r.top };
  });

  window.addEventListener("pointermove", (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!ghost) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < THRESHOLD) return;
      ghost = press.node.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.classList.add("drag-ghost");
      ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(ghost);
      api.begin(press.card);
    }
    ghost.style.left = `${e.clientX - press.dx}px`;
    ghost.style.top = `${e.clientY - press.dy}px`;
    mark(under(e.clientX, e.clientY));
    e.preventDefault();
  }, { passive: false });

  window.addEventListener("pointerup", (e) => {
    if (!press || e.pointerId !== press.id) return;
    const dragged = !!ghost;
    end();
    if (!dragged) return; // a click: the card's own handler takes it
    api.drop(under(e.clientX, e.clientY)); // may click the target itself
    swallow = true; // the click the browser sends after a drop is not a click on a card
    setTimeout(() => { swallow = false; }, 0);
  });

  window.addEventListener("pointercancel", (e) => {
    if (!press || e.pointerId !== press.id) return;
    const dragged = !!ghost;
    end();
    if (dragged) api.cancel();
  });

  board.addEventListener("click", (e) => {
    if (swallow) { e.stopPropagation(); e.preventDefault(); swallow = false; }
  }, true);
}
