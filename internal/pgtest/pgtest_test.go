package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

var pg Server

func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }

func TestEachTestHasADatabaseOfItsOwn(t *testing.T) {
	ctx := context.Background()
	var names []string
	for range 2 {
		conn, err := pgx.Connect(ctx, pg.Database(t))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var name string
		if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, "CREATE TABLE t (x int)"); err != nil {
			t.Fatalf("a new database is not empty: %v", err)
		}
		names = append(names, name)
	}
	if names[0] == names[1] {
		t.Errorf("two tests share schema %s", names[0])
	}
}
