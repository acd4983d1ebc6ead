// Package web holds the Activity's page, built: dist/index.html,
// dist/app.js (its TypeScript and Discord's Embedded App SDK, bundled by
// esbuild) and dist/app.css.
//
// The page's sources live beside this file (src/, package.json and its
// lock file, build.mjs) and are built with npm (`npm ci && npm run
// build` here). The built files are committed and embedded in the
// binary, so that `go run ./cmd/volobot` and `go test ./...` need Go
// alone, as the rest of the project does, and a deployment carries the
// page it was tested with; CI builds the page again from its sources and
// fails when the result differs from what is committed, so the two never
// drift apart. The SDK is Discord's own, from npm: the page speaks to
// Discord's client exactly as Discord's Activities do.
package web

import (
	"embed"
	"io/fs"
)

//go:embed dist
var dist embed.FS

// Dist is the built page: index.html, app.js and app.css at its root.
var Dist = mustSub(dist, "dist")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic("activity/web: " + err.Error()) // a literal directory embedded above
	}
	return sub
}
