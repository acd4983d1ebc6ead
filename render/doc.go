// Package render draws Volo for people: a PNG of the sky for every move
// the bot posts, and an animated GIF of a whole game.
//
// The sky is drawn as the rule book draws it: the triangular grid of lines
// through the 120 points, the six corners and the centre plainly absent.
// Orange birds are light with a dark rim, Blue birds dark with a light
// inner ring, so the two read apart in grey and for colour-blind players,
// not by hue alone; birds of one flock are joined by a bar. Row letters
// stand on the left of every row, and on the right of row g. A point's
// number is the same all along the slanting line that runs south-east
// from it in rows a–g and north-east in rows g–m, so each number stands
// where its line leaves the sky: 1 to 7 at the bottom and the top, 8 to 12
// down the right, beyond the plate and halfway between two rows, with a
// thin line leading to it. No number stands level with a row, where it
// would read as the row's next point (an 11 after d10), nor beside a row
// letter. Letters and numbers are sized to be read where Discord shows the
// image, some 310 pixels wide on a phone. A Scene (or Options, for every
// image) can also write every empty point's name faintly where it stands,
// so that nobody needs to count.
//
// A Scene says what an image shows. The last move is marked: the bird it
// added is ringed; a flight's starting points are ghosted, with an arrow to
// where it landed (the names of the points under the arrow are left out,
// as under birds), and the birds it cleared are crossed out. A flight
// waiting for its mover to choose the region the opponent keeps shows the
// regions tinted and lettered A, B, C…, in the order of
// engine.Position.PendingRegions, as the rule book's Figure 7 does. At the
// end of a won game the winning flock glows. A strip at the top gives both
// players' names and colours, their ratings when the scene has them, and
// under each name their birds in the sky and in supply and their flocks;
// then the status on two lines: the move number and what was played, then
// whose turn it is, or the result and why. The strip's text is sized by
// the image's width, to be some 12 pixels high where Discord shows the
// image on a phone. The strip speaks the Scene's Lang (GIFOptions.Lang
// for a GIF), English or French, from the message catalogue of
// internal/lang; names, ratings and notation are written as given.
//
// Build a Renderer once per theme and size with New, and share it: it is
// safe for concurrent use, and gives the same bytes for the same scene.
// New draws what never changes (background, grid, labels) and the bird
// sprites, and picks a palette of 255 colours from them; each image then
// copies the static layer, composites sprites over it, maps its colours to
// the palette through a lookup table, and encodes a paletted PNG at
// png.BestSpeed: a few milliseconds and some 50 KB for an 800-pixel board.
// A GIF redraws, compresses and stores only what changed from one move to
// the next.
package render
