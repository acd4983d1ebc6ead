// Small helpers to build SVG and HTML elements.

const svgNS = "http://www.w3.org/2000/svg";

/** Attrs are an element's attributes; null and undefined ones are left out. */
export type Attrs = Record<string, string | number | null | undefined>;

/** s makes the SVG element tag with attrs and children. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | null)[]): SVGElementTagNameMap[K] {
  const e = document.createElementNS(svgNS, tag);
  setAttrs(e, attrs);
  for (const c of children) if (c) e.append(c);
  return e;
}

/** h makes the HTML element tag with attrs and children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

/** setAttrs sets attrs on e, removing those that are null or undefined. */
export function setAttrs(e: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) e.removeAttribute(k);
    else e.setAttribute(k, typeof v === "number" ? num(v) : v);
  }
}

/** num writes n with at most three decimals, for short, stable markup. */
export function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** clear removes every child of e. */
export function clear(e: Element): void {
  while (e.firstChild) e.firstChild.remove();
}
