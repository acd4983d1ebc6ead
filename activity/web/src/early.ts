// The page's first requests, sent as soon as its script runs. main.ts
// imports this module before any other, so the browser evaluates it before
// Discord's SDK, whose code takes a while: the config and the sky are on
// their way meanwhile. Neither needs a session.

import { Client } from "./client";
import { insideDiscord } from "./inside";

/** client is the page's one API client. */
export const client = new Client();

/** locale is the browser's, which the config's words are asked in. */
export const locale = navigator.language || "en";

/** config is the answer to api/config, asked at once. */
export const config = client.config(locale);

/** sky is the answer to api/sky, asked at once inside Discord, where the board will show. */
export const sky = insideDiscord(location.search) ? client.sky() : null;

// Each is awaited later; a failure is handled there, not reported as unhandled now.
config.catch(() => undefined);
sky?.catch(() => undefined);
