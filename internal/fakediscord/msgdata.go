package fakediscord

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/gif"  // attachment sizes of GIF images
	_ "image/jpeg" // attachment sizes of JPEG images
	_ "image/png"  // attachment sizes of PNG images
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// messageData is the message part of a request body, field by field, so that an edit can tell
// an absent field (keep) from a null one (clear).
type messageData map[string]json.RawMessage

// parseMessageData reads a message body, or the data object of an interaction callback.
func parseMessageData(raw json.RawMessage) (messageData, *apiError) {
	d := messageData{}
	if len(raw) == 0 || string(raw) == "null" {
		return d, nil
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, errInvalidJSON(err)
	}
	return d, nil
}

// has reports whether a field is present, even as null.
func (d messageData) has(field string) bool { _, ok := d[field]; return ok }

// isNull reports whether a present field is null.
func (d messageData) isNull(field string) bool { return string(d[field]) == "null" }

// flags reads the flags field, 0 when absent or null.
func (d messageData) flags() int {
	var f int
	if d.has("flags") && !d.isNull("flags") {
		_ = json.Unmarshal(d["flags"], &f)
	}
	return f
}

// apply writes the fields present in d onto m, and attaches the uploaded files, the way Discord
// creates (creating true) or edits a message. It checks what Discord checks beyond the JSON
// shape: lengths, and that the message does not end up empty. The caller holds s.mu.
func (s *Server) apply(m *Message, d messageData, files []File, creating bool) *apiError {
	fields := fieldErrors{}
	if d.has("content") {
		var content *string
		if err := json.Unmarshal(d["content"], &content); err != nil {
			fields.add("content", "BASE_TYPE_STRING", "Must be a string.")
		} else {
			m.Content = ""
			if content != nil {
				m.Content = *content
			}
		}
		if utf8.RuneCountInString(m.Content) > 2000 {
			fields.add("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
		}
	}
	if d.has("embeds") {
		m.Embeds = d["embeds"]
		if n := arrayLen(m.Embeds); n > 10 {
			fields.add("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
		}
	}
	if d.has("components") {
		m.Components = d["components"]
		checkComponents(m.Components, fields)
	}
	switch {
	case d.has("allowed_mentions"):
		m.AllowedMentions = d["allowed_mentions"]
	case d.has("content") && !creating:
		// "If there is no explicit allowed_mentions in the edit request, the content will be
		// parsed with default allowances, that is, without regard to whether or not an
		// allowed_mentions was present in the request that originally created the message"
		// (the "Messages" resource, Edit Message).
		m.AllowedMentions = nil
	}
	if d.has("tts") && creating {
		_ = json.Unmarshal(d["tts"], &m.TTS)
	}
	if creating {
		m.Flags |= d.flags() & allowedFlagsOnCreate
	} else if d.has("flags") {
		m.Flags = m.Flags&^FlagSuppressEmbeds | d.flags()&FlagSuppressEmbeds
	}
	if aerr := s.attach(m, d, files, creating); aerr != nil {
		return aerr
	}
	if len(fields) > 0 {
		return fields.apiError()
	}
	m.Embeds = resolveEmbeds(m.Embeds, m.Attachments)
	if m.Content == "" && arrayLen(m.Embeds) == 0 && arrayLen(m.Components) == 0 && len(m.Attachments) == 0 {
		return errEmptyMessage()
	}
	return nil
}

// attach works out a message's attachments from the attachments field and the uploaded files.
// Listed attachments that already exist are kept, in order; listed ones whose id is n describe
// the upload files[n]; uploads not listed are attached too, as API v9 does. Without the field,
// an edit keeps the existing attachments and appends its uploads: "Any provided files will be
// appended to the message. To remove or replace files you will have to supply the attachments
// field which specifies the files to retain on the message after edit" (the "Messages"
// resource, "Edit Message"). The caller holds s.mu.
func (s *Server) attach(m *Message, d messageData, files []File, creating bool) *apiError {
	type listed struct {
		ID          json.RawMessage `json:"id"`
		Filename    string          `json:"filename"`
		Description string          `json:"description"`
	}
	var list []listed
	if d.has("attachments") && !d.isNull("attachments") {
		if err := json.Unmarshal(d["attachments"], &list); err != nil {
			return errInvalidFormBodyAt("attachments", "BASE_TYPE_ARRAY", "Must be an array.")
		}
	}
	var kept []Attachment
	if !creating && !d.has("attachments") {
		kept = m.Attachments
	}
	described := map[int]listed{}
	for _, l := range list {
		id := strings.Trim(string(l.ID), `"`)
		if a, ok := findAttachment(m.Attachments, id); ok && !creating {
			kept = append(kept, a)
			continue
		}
		n, err := strconv.Atoi(id)
		if err != nil {
			return errInvalidFormBodyAt("attachments", "ATTACHMENT_NOT_FOUND", "Unknown attachment "+id)
		}
		described[n] = l
	}
	for _, f := range files {
		n, ok := fileIndex(f.Field)
		if !ok {
			continue
		}
		l := described[n]
		kept = append(kept, s.newAttachment(m, f, l.Filename, l.Description))
	}
	if len(kept) > 10 {
		return errInvalidFormBodyAt("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	m.Attachments = kept
	return nil
}

// newAttachment stores an uploaded file as an attachment of a message, with the URL Discord's
// CDN would give it, a content type (detected when the upload has none) and, for an image, its
// size in pixels. The caller holds s.mu.
func (s *Server) newAttachment(m *Message, f File, filename, description string) Attachment {
	if filename == "" {
		filename = f.Name
	}
	ct := f.ContentType
	if ct == "" || ct == "application/octet-stream" {
		ct = http.DetectContentType(f.Data)
	}
	a := Attachment{ID: s.newID(), Filename: filename, Description: description, ContentType: ct,
		Size: len(f.Data), Data: f.Data, Ephemeral: m.Flags&FlagEphemeral != 0}
	a.URL = "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + a.ID + "/" + filename
	a.ProxyURL = "https://media.discordapp.net/attachments/" + m.ChannelID + "/" + a.ID + "/" + filename
	if strings.HasPrefix(ct, "image/") {
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a.Width, a.Height = cfg.Width, cfg.Height
		}
	}
	return a
}

// findAttachment finds an attachment by ID.
func findAttachment(list []Attachment, id string) (Attachment, bool) {
	for _, a := range list {
		if a.ID == id {
			return a, true
		}
	}
	return Attachment{}, false
}

// resolveEmbeds gives embeds their default type, "rich", and points attachment://name images at
// the attached file, as Discord does.
func resolveEmbeds(raw json.RawMessage, attachments []Attachment) json.RawMessage {
	var embeds []map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &embeds) != nil || len(embeds) == 0 {
		return raw
	}
	for _, e := range embeds {
		if _, ok := e["type"]; !ok {
			e["type"] = "rich"
		}
		for _, key := range []string{"image", "thumbnail"} {
			media, ok := e[key].(map[string]any)
			if !ok {
				continue
			}
			url, _ := media["url"].(string)
			name, ok := strings.CutPrefix(url, "attachment://")
			if !ok {
				continue
			}
			for _, a := range attachments {
				if a.Filename == name {
					media["url"], media["proxy_url"] = a.URL, a.ProxyURL
					if a.Width > 0 {
						media["width"], media["height"] = a.Width, a.Height
					}
				}
			}
		}
	}
	out, err := json.Marshal(embeds)
	if err != nil {
		return raw
	}
	return out
}

// arrayLen counts the elements of a JSON array; 0 for null or anything else.
func arrayLen(raw json.RawMessage) int {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return 0
	}
	return len(list)
}

// maxActionRows is how many action rows a message without the IS_COMPONENTS_V2 flag may have
// ("Message Components", Action Rows: "Messages can have up to 5 Action Rows").
const maxActionRows = 5

// checkComponents records what Discord refuses in a message's components: more than five action
// rows, and a custom_id used twice ("Message Components", Custom ID: "custom_id must be unique
// per component; multiple buttons on the same message must not share the same custom_id").
func checkComponents(raw json.RawMessage, fields fieldErrors) {
	var rows []struct {
		Components []struct {
			CustomID string `json:"custom_id"`
		} `json:"components"`
	}
	if len(raw) == 0 || string(raw) == "null" || json.Unmarshal(raw, &rows) != nil {
		return // the validator reports a shape Discord's OpenAPI description refuses
	}
	if len(rows) > maxActionRows {
		fields.add("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
	}
	seen := map[string]bool{}
	for i, row := range rows {
		for j, c := range row.Components {
			if c.CustomID == "" {
				continue
			}
			if seen[c.CustomID] {
				fields.add("components."+strconv.Itoa(i)+".components."+strconv.Itoa(j)+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
			}
			seen[c.CustomID] = true
		}
	}
}
