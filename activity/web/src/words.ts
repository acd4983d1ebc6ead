// The page's words. The server sends them by key, in the user's language
// (activity/words.go lists them); the page says nothing of its own but the
// few words it needs before the first answer, in English, as a last resort.

/** The words the page can say before the server answered at all. */
const fallback: Record<string, string> = {
  opening: "Opening the board…",
  asking: "Asking Discord who you are…",
  outside:
    "This board opens inside Discord: click Play on the board under a game's board, or open Volo from the app launcher.",
  denied:
    "Discord did not tell Volo who you are, so this board cannot take your moves. Close it and open it again, and allow Volo to know who you are.",
  failed: "The board could not open: %s",
};

/** Words looks the page's words up by key and fills their formats in. */
export class Words {
  private table: Record<string, string> = {};
  /** lang is the language the words are in ("en", "fr"). */
  lang = "en";

  /** set replaces the words with the server's, in language lang. */
  set(table: Record<string, string> | null | undefined, lang?: string): void {
    if (table) this.table = table;
    if (lang) this.lang = lang;
  }

  /** has reports whether the server sent a word for key. */
  has(key: string): boolean {
    return key in this.table;
  }

  /**
   * t returns the word for key with args put in for its %s and %d, in
   * order. A key the server did not send gives the fallback, or the key.
   */
  t(key: string, ...args: (string | number)[]): string {
    const w = this.table[key] ?? fallback[key] ?? key;
    return format(w, args);
  }
}

/**
 * format puts args in for the verbs of w: %s and %d take the next
 * argument in order, %[n]s and %[n]d the nth (from 1), as Go's fmt does,
 * so that a language may reorder them; %% is a percent sign. A verb with
 * no argument is left as it is.
 */
export function format(w: string, args: (string | number)[]): string {
  let next = 0;
  return w.replace(/%(?:\[(\d+)\])?([sd%])/g, (m, pos: string | undefined, verb: string) => {
    if (verb === "%") return pos === undefined ? "%" : m;
    const i = pos === undefined ? next : Number(pos) - 1;
    next = i + 1;
    if (i < 0 || i >= args.length) return m;
    const a = args[i]!;
    return verb === "d" ? String(typeof a === "number" ? Math.round(a) : a) : String(a);
  });
}
