package pgstore_test

import (
	"context"
	"log"
	"time"

	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/pgstore"
)

// Two replicas of the bot share one PostgreSQL database, each opening it
// under a name of its own for its claims. (Not run: it needs a server.)
func ExampleOpen() {
	ctx := context.Background()
	st, err := pgstore.Open(ctx, "postgres://volo@db.example/volo", pgstore.Options{
		Owner: "replica-1",     // stable across this replica's restarts
		Lease: 2 * time.Minute, // how long a claim by Due or Pending lasts
	})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	var db store.Backend = st // what the bot is given, as it is given a *store.Store
	anns, err := db.Pending() // this replica's announcements, and those nobody holds
	if err != nil {
		log.Print(err)
	}
	log.Printf("%d announcements to deliver", len(anns))
}
