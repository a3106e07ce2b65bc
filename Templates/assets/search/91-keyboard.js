// The keyboard: the active option of the results list.
  // Makes option `to` active; with `step`, the one that many after the active one, wrapping around.
  function move(step, to) {
    var items = list.querySelectorAll("a");
    if (!items.length) return;
    items[active]?.setAttribute("aria-selected", false);
    active = ((step ? active + step : to) + items.length) % items.length;
    items[active].setAttribute("aria-selected", true);
    items[active].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", items[active].id);
  }

