// Package httpstop stops an HTTP server gracefully when it can and at
// once when it cannot.
package httpstop

import (
	"context"
	"net/http"
	"time"
)

// Stop stops srv listening and waits up to within for the requests in
// flight to finish; those still running then are cut off. It returns
// the error of cutting them off, or nil.
func Stop(srv *http.Server, within time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		return srv.Close()
	}
	return nil
}
