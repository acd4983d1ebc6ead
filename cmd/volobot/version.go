package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// version and revision are set by builds that have no VCS information to
// stamp, such as the Dockerfile's (the build context leaves .git out):
//
//	go build -ldflags "-X main.version=v1.2.0 -X main.revision=$(git rev-parse HEAD)" ./cmd/volobot
//
// They are empty otherwise, and the build's own information is used.
var (
	version  string
	revision string
)

// buildInfo is what a binary knows of its build.
type buildInfo struct {
	Version  string // the module's version: a tag, a pseudo-version, or (devel)
	Revision string // the VCS revision, empty if unknown
	Time     string // the revision's commit time, RFC 3339, empty if unknown
	Modified bool   // built from a tree with uncommitted changes
	Go       string // the Go version that built it
	Platform string // GOOS/GOARCH
}

// readBuildInfo reads the binary's build information
// (runtime/debug.ReadBuildInfo), with version and revision over it where
// the build set them.
func readBuildInfo() buildInfo {
	info := buildInfo{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			info.Version = bi.Main.Version
		}
		info.Go = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Revision = s.Value
			case "vcs.time":
				info.Time = s.Value
			case "vcs.modified":
				info.Modified = s.Value == "true"
			}
		}
	}
	if version != "" {
		info.Version = version
	}
	if revision != "" {
		info.Revision = revision
	}
	return info
}

// String is volobot -version's line: "volobot v1.2.0, revision 1a2b…
// (2026-11-22T12:00:00Z, modified), go1.26.8 linux/amd64".
func (b buildInfo) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "volobot %s", b.Version)
	if b.Revision != "" {
		fmt.Fprintf(&s, ", revision %s", b.Revision)
		var about []string
		if b.Time != "" {
			about = append(about, b.Time)
		}
		if b.Modified {
			about = append(about, "modified")
		}
		if len(about) > 0 {
			fmt.Fprintf(&s, " (%s)", strings.Join(about, ", "))
		}
	} else {
		s.WriteString(", no VCS revision")
	}
	fmt.Fprintf(&s, ", %s %s", b.Go, b.Platform)
	return s.String()
}
