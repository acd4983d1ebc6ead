package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"strconv"
	"strings"
)

// maxFileSize is the largest file Discord takes from a bot in an unboosted guild.
const maxFileSize = 10 << 20

// errFileTooLarge is returned for an upload over maxFileSize.
var errFileTooLarge = errors.New("fakediscord: file larger than 10 MiB")

// parseBody finds the JSON payload and the uploaded files of a request body: a JSON body is its
// own payload; a multipart/form-data body, as discordgo sends with files, carries the payload
// in its payload_json part and the files in parts named files[n].
func parseBody(contentType string, body []byte) (json.RawMessage, []File, error) {
	if len(body) == 0 {
		return nil, nil, nil
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil || mediaType != "multipart/form-data" {
		return json.RawMessage(body), nil, nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var payload json.RawMessage
	var files []File
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return payload, files, nil
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading multipart body: %w", err)
		}
		data, err := io.ReadAll(io.LimitReader(part, maxFileSize+1))
		if err != nil {
			return nil, nil, fmt.Errorf("reading part %q: %w", part.FormName(), err)
		}
		name := part.FormName()
		switch {
		case name == "payload_json":
			payload = json.RawMessage(data)
		case name == "file" || strings.HasPrefix(name, "files["):
			if len(data) > maxFileSize {
				return nil, nil, errFileTooLarge
			}
			files = append(files, File{Field: name, Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
		}
	}
}

// fileIndex reads n from a part named files[n]; the legacy single "file" part counts as 0.
func fileIndex(field string) (int, bool) {
	if field == "file" {
		return 0, true
	}
	inner, ok := strings.CutPrefix(field, "files[")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(inner, "]"))
	return n, err == nil && strings.HasSuffix(inner, "]")
}
