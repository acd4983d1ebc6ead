package sandbox

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// People added from the page: POST /api/users {name, locale} makes a new user, a member of the
// guild with the app added to their account, whose Discord client speaks locale ("en-US" when
// empty, or "fr"). So a Swiss of sixteen can be tried without a seed of sixteen.

// maxNameLen is the longest username Discord accepts.
const maxNameLen = 32

// userRequest is a person to add.
type userRequest struct {
	Name   string `json:"name"`
	Locale string `json:"locale"`
}

// pageLocales are the client languages the page offers a new person.
var pageLocales = map[string]bool{"": true, "en-US": true, "fr": true}

// serveAddUser answers POST /api/users {name, locale}: the person added, as /api/state lists
// them. A name taken, empty, too long or not of Discord's username characters, or a locale the
// page does not offer, is refused with a sentence and changes nothing.
func (sb *Sandbox) serveAddUser(_ *http.Request, req userRequest) (any, error) {
	name := strings.TrimSpace(req.Name)
	if err := checkUsername(name); err != nil {
		return nil, err
	}
	if !pageLocales[req.Locale] {
		return nil, badRequest("Pick English (en-US) or French (fr) for " + name + "'s Discord.")
	}
	if _, ok := sb.srv.User(name); ok {
		return nil, &apiError{http.StatusConflict, "There is already someone called " + name + "."}
	}
	u, err := sb.srv.AddUser(name)
	if errors.Is(err, fakediscord.ErrDuplicate) {
		return nil, &apiError{http.StatusConflict, "There is already someone called " + name + "."}
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox: adding %s: %w", name, err)
	}
	if req.Locale != "" {
		if err := sb.srv.SetLocale(u.ID, req.Locale); err != nil {
			return nil, fmt.Errorf("sandbox: %s's language: %w", name, err)
		}
	}
	if err := sb.install(u); err != nil {
		return nil, err
	}
	if _, err := sb.srv.AddMember(sb.guild.ID, u.ID); err != nil {
		return nil, fmt.Errorf("sandbox: member %s: %w", name, err)
	}
	if err := sb.Save(); err != nil {
		sb.logf("%v", err)
	}
	u, _ = sb.srv.User(u.ID)
	return sb.userView(u), nil
}

// checkUsername refuses a name Discord would not take as a username: empty, longer than 32, or
// with anything but lower-case letters, digits, '_' and '.'.
func checkUsername(name string) error {
	if name == "" {
		return badRequest("Give the new person a name.")
	}
	if len(name) > maxNameLen {
		return badRequest(fmt.Sprintf("A name is at most %d characters.", maxNameLen))
	}
	for _, r := range name {
		if !(r < unicode.MaxASCII && (unicode.IsLower(r) || unicode.IsDigit(r)) || r == '_' || r == '.') {
			return badRequest("A name is lower-case letters, digits, _ and . only, as a Discord username.")
		}
	}
	return nil
}
