package store

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/volo-discord/volo/engine"
)

func TestABackupOpensLikeTheOriginal(t *testing.T) {
	s := openTest(t)
	want := mustCreate(t, s, fullGame())
	finished := []*Game{finishWith(t, s, "g1", "done", ana, ben, engine.OrangeWins, false), finishWith(t, s, "g1", "done", ana, ben, engine.Draw, false)}
	dir := t.TempDir()
	viaWriter := filepath.Join(dir, "writer.db")
	var buf bytes.Buffer
	n, err := s.Backup(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("Backup: %d bytes written, %d counted, %v", buf.Len(), n, err)
	}
	if err := os.WriteFile(viaWriter, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	viaFile := filepath.Join(dir, "file.db")
	if err := os.WriteFile(viaFile, []byte("an older backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BackupFile(viaFile); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{viaWriter, viaFile} {
		b, err := Open(path, Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.Get("c1")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Get = %+v, %v; want %+v", path, got, err, want)
		}
		if games, _ := b.History("100", "", 0); len(games) != len(finished) {
			t.Errorf("%s: %d finished games, want %d", path, len(games), len(finished))
		}
		mustCheck(t, b)
		b.Close()
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("BackupFile left %v behind", left)
	}
}
