// What the screenshot walk (tests/test_screens.py) checks on a page as a person reads it:
// nothing wider than the window, no text cut without a way to read it, no interactive
// element over another. Returns the problems found, in words.
() => {
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const shown = (el) => {
    if (el.closest("[aria-hidden=true], .visually-hidden")) return false;
    // Rendered, not in a closed <details> nor made invisible (checkVisibility: Chromium's).
    if (!el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 2 && box.height > 2;
  };
  const scrolls = (el) => /(auto|scroll)/.test(getComputedStyle(el).overflowX);
  const page = document.documentElement;
  if (page.scrollWidth > innerWidth + 1) {
    const wide = [...document.body.querySelectorAll("*")].filter((el) => {
      if (!shown(el)) return false;
      for (let up = el.parentElement; up; up = up.parentElement) if (scrolls(up)) return false;
      return el.getBoundingClientRect().right > innerWidth + 1;
    });
    problems.push(`overflow: the page is ${page.scrollWidth}px wide in ${innerWidth}px: ` +
      wide.slice(0, 4).map(name).join(", "));
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!shown(el) || el.matches("input, select, textarea, svg, svg *, img, canvas")) continue;
    const style = getComputedStyle(el);
    // Cut across (an ellipsis) or down (a box of fixed lines that its text outgrows).
    const across = style.overflowX !== "visible" && !scrolls(el) && el.scrollWidth > el.clientWidth + 1;
    const down = !/(visible|auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (!(across || down) || !el.textContent.trim()) continue;
    if (el.title || el.closest("[title]") || el.getAttribute("aria-label")) continue;
    const [shows, of] = across ? [el.clientWidth, el.scrollWidth] : [el.clientHeight, el.scrollHeight];
    problems.push(`cut: ${name(el)} shows ${shows}px of ${of}px: ` +
      JSON.stringify(el.textContent.trim().replace(/\s+/g, " ").slice(0, 60)));
  }
  const controls = [...document.body.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, label[for]"
  )].filter(shown);
  // Each control's box at the top of the page and scrolled to its end: a bar fixed to the
  // screen's edge covers a control only if it does at both (else scrolling brings it out).
  const top = controls.map((el) => el.getBoundingClientRect());
  scrollTo(0, page.scrollHeight);
  const end = controls.map((el) => el.getBoundingClientRect());
  scrollTo(0, 0);
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const related = (a, b) => a.contains(b) || b.contains(a) ||
    (a.tagName === "LABEL" && a.control === b) || (b.tagName === "LABEL" && b.control === a) ||
    (a.tagName === "LABEL" && b.tagName === "LABEL" && a.control && a.control === b.control);
  const said = (el) => JSON.stringify(el.textContent.trim().replace(/\s+/g, " ").slice(0, 30));
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      if (meet(top[i], top[j]) && meet(end[i], end[j]) && !related(controls[i], controls[j])) {
        problems.push(`overlap: ${name(controls[i])} ${said(controls[i])} and ${name(controls[j])} ${said(controls[j])}`);
      }
    }
  }
  return problems;
}
