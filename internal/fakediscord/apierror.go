package fakediscord

import (
	"encoding/json"
	"errors"
	"strings"
)

// ErrMissingPermissions is returned when a user may not do what was asked in a channel.
var ErrMissingPermissions = errors.New("fakediscord: missing permissions")

// apiError is an error answer of Discord's REST API: an HTTP status and Discord's JSON error
// object, {"code": ..., "message": ..., "errors": ...}.
type apiError struct {
	Status  int            `json:"-"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

// errNotFound is Discord's answer to a route that does not exist.
func errNotFound() *apiError {
	return &apiError{Status: 404, Code: 0, Message: "404: Not Found"}
}

// errUnauthorized is Discord's answer to a missing or wrong bot token.
func errUnauthorized() *apiError {
	return &apiError{Status: 401, Code: 0, Message: "401: Unauthorized"}
}

// errUnknownChannel is Discord's answer to a channel ID that leads nowhere.
func errUnknownChannel() *apiError {
	return &apiError{Status: 404, Code: 10003, Message: "Unknown Channel"}
}

// errUnknownGuild is Discord's answer to a guild that does not exist.
func errUnknownGuild() *apiError {
	return &apiError{Status: 404, Code: 10004, Message: "Unknown Guild"}
}

// errUnknownMessage is Discord's answer to a message ID that leads nowhere.
func errUnknownMessage() *apiError {
	return &apiError{Status: 404, Code: 10008, Message: "Unknown Message"}
}

// errUnknownWebhook is Discord's answer to a webhook (interaction token) that leads nowhere.
func errUnknownWebhook() *apiError {
	return &apiError{Status: 404, Code: 10015, Message: "Unknown Webhook"}
}

// errUnknownInteract is Discord's answer to an interaction that is unknown or past its callback deadline.
func errUnknownInteract() *apiError {
	return &apiError{Status: 404, Code: 10062, Message: "Unknown interaction"}
}

// errAlreadyAcked is Discord's answer to a second callback to one interaction.
func errAlreadyAcked() *apiError {
	return &apiError{Status: 400, Code: 40060, Message: "Interaction has already been acknowledged."}
}

// errMaxFollowUps is Discord's answer to a sixth follow-up of an interaction only a user install
// authorised ("Receiving and Responding", Create Followup Message; the JSON error codes of
// "Opcodes and Status Codes").
func errMaxFollowUps() *apiError {
	return &apiError{Status: 400, Code: 40094, Message: "This interaction has hit the maximum number of follow up messages"}
}

// errMissingAccess is Discord's answer to what the bot cannot see at all.
func errMissingAccess() *apiError {
	return &apiError{Status: 403, Code: 50001, Message: "Missing Access"}
}

// errNotAuthor is Discord's answer to editing someone else's message.
func errNotAuthor() *apiError {
	return &apiError{Status: 403, Code: 50005, Message: "Cannot edit a message authored by another user"}
}

// errEmptyMessage is Discord's answer to a message with nothing in it.
func errEmptyMessage() *apiError {
	return &apiError{Status: 400, Code: 50006, Message: "Cannot send an empty message"}
}

// errCannotSendToUser is Discord's answer to a message for a user who accepts no direct messages
// from the bot.
func errCannotSendToUser() *apiError {
	return &apiError{Status: 403, Code: 50007, Message: "Cannot send messages to this user"}
}

// errMissingPerms is Discord's answer to what the bot's permissions do not allow.
func errMissingPerms() *apiError {
	return &apiError{Status: 403, Code: 50013, Message: "Missing Permissions"}
}

// errInvalidToken is Discord's answer to an expired interaction token.
func errInvalidToken() *apiError {
	return &apiError{Status: 401, Code: 50027, Message: "Invalid Webhook Token"}
}

// errInvalidFormBodyAt is Discord's answer to a body with one bad field.
func errInvalidFormBodyAt(path, code, msg string) *apiError {
	f := fieldErrors{}
	f.add(path, code, msg)
	return f.apiError()
}

// errInvalidJSON is Discord's answer to a body that is not JSON.
func errInvalidJSON(error) *apiError {
	return &apiError{Status: 400, Code: 50109, Message: "The request body contains invalid JSON."}
}

// fieldErrors collects "Invalid Form Body" problems by dotted field path, such as
// "0.options.1.name".
type fieldErrors map[string][]map[string]string

// add records one problem at a field.
func (f fieldErrors) add(path, code, message string) {
	f[path] = append(f[path], map[string]string{"code": code, "message": message})
}

// apiError nests the problems the way Discord reports them:
// {"0": {"name": {"_errors": [{"code": ..., "message": ...}]}}}.
func (f fieldErrors) apiError() *apiError {
	root := map[string]any{}
	for path, errs := range f {
		node := root
		for _, key := range strings.Split(path, ".") {
			if key == "" {
				continue
			}
			next, ok := node[key].(map[string]any)
			if !ok {
				next = map[string]any{}
				node[key] = next
			}
			node = next
		}
		node["_errors"] = errs
	}
	return &apiError{Status: 400, Code: 50035, Message: "Invalid Form Body", Errors: root}
}

// mustRoundTrip converts one of the stand-in's own values to another shape through JSON, such as
// a Channel to a map to add a field. Its types always marshal, so a failure is a bug.
func mustRoundTrip(in, out any) {
	b, err := json.Marshal(in)
	if err == nil {
		err = json.Unmarshal(b, out)
	}
	if err != nil {
		panic("fakediscord: " + err.Error())
	}
}
