package render

import (
	"bytes"
	stdlzw "compress/lzw"
	"io"
	"math/rand/v2"
	"testing"
)

// lzwRoundTrip encodes pix and decodes it with the standard library.
func lzwRoundTrip(t *testing.T, pix []uint8, run uint8) {
	t.Helper()
	var e lzw
	e.encode(pix, run)
	r := stdlzw.NewReader(bytes.NewReader(e.out), stdlzw.LSB, 8)
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %d bytes: %v", len(pix), err)
	}
	if !bytes.Equal(got, pix) {
		t.Fatalf("decoded %d bytes differ from the %d encoded", len(got), len(pix))
	}
	var want bytes.Buffer
	w := stdlzw.NewWriter(&want, stdlzw.LSB, 8)
	w.Write(pix)
	w.Close()
	if !bytes.Equal(e.out, want.Bytes()) {
		t.Errorf("encoding of %d bytes differs from compress/lzw's", len(pix))
	}
}

func TestLZWMatchesStandardLibrary(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	cases := map[string][]uint8{
		"empty": {},
		"one":   {255},
		"short": {1, 2, 255, 255, 255, 3},
		"run":   bytes.Repeat([]uint8{255}, 100000),
	}
	// Long runs of the transparent index broken by short stretches of
	// colour, like a GIF frame; and plain noise, to fill the table.
	var frame, noise []uint8
	for len(frame) < 300000 {
		frame = append(frame, bytes.Repeat([]uint8{transparent}, rnd.IntN(3000))...)
		for range rnd.IntN(40) {
			frame = append(frame, uint8(rnd.IntN(12)))
		}
	}
	for range 200000 {
		noise = append(noise, uint8(rnd.IntN(256)))
	}
	cases["frame"], cases["noise"] = frame, noise
	for name, pix := range cases {
		t.Run(name, func(t *testing.T) { lzwRoundTrip(t, pix, transparent) })
	}
}
