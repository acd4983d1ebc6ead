package fakediscord

import (
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// NonceWindow is how long a nonce sent with enforce_nonce keeps a message from being posted
// twice. Discord says "a few minutes"; it is measured with the server's Clock.
const NonceWindow = 5 * time.Minute

// maxNonceLength is the longest string nonce Discord takes.
const maxNonceLength = 25

// readNonce reads the nonce and enforce_nonce fields of a new message. Discord takes a nonce as
// an integer or as a string of at most 25 characters; key is its text either way, so that 42
// and "42" are one nonce. key is empty when there is no nonce.
func readNonce(d messageData) (raw json.RawMessage, key string, enforce bool, aerr *apiError) {
	if d.has("enforce_nonce") && !d.isNull("enforce_nonce") {
		if json.Unmarshal(d["enforce_nonce"], &enforce) != nil {
			return nil, "", false, errInvalidFormBodyAt("enforce_nonce", "BASE_TYPE_BOOLEAN", "Must be either true or false.")
		}
	}
	if !d.has("nonce") || d.isNull("nonce") {
		return nil, "", enforce, nil
	}
	raw = d["nonce"]
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if utf8.RuneCountInString(s) > maxNonceLength {
			return nil, "", false, errInvalidFormBodyAt("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		return raw, s, enforce, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return nil, "", false, errInvalidFormBodyAt("nonce", "NONCE_TYPE_INVALID", "Must be an integer or a string.")
	}
	if _, err := strconv.ParseInt(n.String(), 10, 64); err != nil {
		return nil, "", false, errInvalidFormBodyAt("nonce", "NONCE_TYPE_INVALID", "Must be an integer or a string.")
	}
	return raw, n.String(), enforce, nil
}

// nonceKey is the text of a stored nonce, as readNonce gives it.
func nonceKey(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// messageByNonce finds the message an author created in a channel with a nonce within
// NonceWindow, if the channel still holds it. The caller holds s.mu.
func (s *Server) messageByNonce(c *channelState, authorID, key string) *Message {
	now := s.now()
	for i := len(c.messages) - 1; i >= 0; i-- {
		m := c.messages[i]
		if now.Sub(m.Timestamp) > NonceWindow {
			return nil
		}
		if m.Author.ID == authorID && len(m.Nonce) > 0 && nonceKey(m.Nonce) == key {
			return m
		}
	}
	return nil
}
