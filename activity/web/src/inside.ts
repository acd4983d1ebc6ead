// Whether the page runs where Discord put it.

/** insideDiscord reports whether the page runs in Discord's iframe: Discord gives it a frame_id. */
export function insideDiscord(search: string): boolean {
  return new URLSearchParams(search).has("frame_id");
}
