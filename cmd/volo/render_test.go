package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// volo render draws the text of the image in the language asked for, and
// refuses one it does not speak.
func TestRenderLanguage(t *testing.T) {
	dir := t.TempDir()
	images := map[string][]byte{}
	for _, l := range []string{"en", "fr"} {
		out := filepath.Join(dir, l+".png")
		if _, err := runVolo(t, "render", "-lang", l, "-last", "f5", "-o", out, "start"); err != nil {
			t.Fatalf("volo render -lang %s: %v", l, err)
		}
		img, err := os.ReadFile(out)
		if err != nil || !bytes.HasPrefix(img, []byte("\x89PNG")) {
			t.Fatalf("volo render -lang %s wrote no PNG: %v", l, err)
		}
		images[l] = img
	}
	if bytes.Equal(images["en"], images["fr"]) {
		t.Error("the English and French images are the same")
	}
	if _, err := runVolo(t, "render", "-lang", "de", "start"); !errors.Is(err, errUsage) {
		t.Errorf("volo render -lang de: %v, want a usage error", err)
	}
}
