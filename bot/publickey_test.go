package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"testing"
)

// FuzzParsePublicKey reads any public_key: an Ed25519 key of 32 bytes
// written in hex, or an error, never a panic.
func FuzzParsePublicKey(f *testing.F) {
	pub, _, _ := ed25519.GenerateKey(nil)
	for _, seed := range []string{hex.EncodeToString(pub), " " + hex.EncodeToString(pub) + "\n", "", "zz", hex.EncodeToString(pub[:31])} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		key, err := parsePublicKey(s)
		if err == nil && len(key) != ed25519.PublicKeySize {
			t.Fatalf("parsePublicKey(%q) = a key of %d bytes", s, len(key))
		}
	})
}
