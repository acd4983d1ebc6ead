package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specURL is the name the OpenAPI document is registered under in the schema compiler, so
// that its internal references, #/components/schemas/..., resolve within it.
const specURL = "https://discord.com/api/v10/openapi.json"

// ErrSpecNotFound is returned by FindSpec when there is no OpenAPI description beside the
// repository, unless RequireSpecEnv says it is required.
var ErrSpecNotFound = errors.New("fakediscord: Discord OpenAPI description not found")

// RequireSpecEnv names the environment variable that, set to 1, makes Discord's OpenAPI
// description required: CI sets it on a machine with the project's shared folder, so that a
// description gone missing fails the tests instead of letting them run unvalidated.
const RequireSpecEnv = "VOLO_REQUIRE_API_SPEC"

// Validator checks request bodies against the requestBody schemas of Discord's OpenAPI 3.1
// description (discord/discord-api-spec), whose schemas are JSON Schema draft 2020-12. It is
// safe for concurrent use; schemas are compiled on first use.
type Validator struct {
	ops []operation

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
}

// operation is one method on one path template of the description.
type operation struct {
	method   string // upper case
	template string // such as /channels/{channel_id}/messages
	segments []string
	literals int  // segments that are not parameters; the most specific match wins
	body     bool // the operation has a requestBody
	required bool // ... that is required
	json     bool // ... with an application/json schema
}

// FindSpec locates Discord's OpenAPI description from a directory inside the repository: it
// walks up to the repository root (the directory with go.mod) and looks in
// ../shared/discord-api-spec/openapi.json beside it. When it is not there, FindSpec returns
// ErrSpecNotFound, which tests take as leave to run without validation; but when the
// environment variable VOLO_REQUIRE_API_SPEC (RequireSpecEnv) is 1, it returns the path where
// the description should be, so that LoadValidator fails, and with it every test that would
// have validated.
func FindSpec(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Clean(filepath.Join(dir, "..", "shared", "discord-api-spec", "openapi.json"))
			if _, err := os.Stat(p); err != nil && os.Getenv(RequireSpecEnv) != "1" {
				return "", fmt.Errorf("%w at %s", ErrSpecNotFound, p)
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%w: no go.mod above the directory", ErrSpecNotFound)
		}
		dir = parent
	}
}

// LoadValidator reads the OpenAPI description at path.
func LoadValidator(path string) (*Validator, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) && os.Getenv(RequireSpecEnv) == "1" {
		return nil, fmt.Errorf("%w at %s, and %s=1 requires it", ErrSpecNotFound, path, RequireSpecEnv)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return NewValidator(f)
}

// NewValidator reads an OpenAPI 3.1 description.
func NewValidator(r io.Reader) (*Validator, error) {
	doc, err := jsonschema.UnmarshalJSON(r)
	if err != nil {
		return nil, fmt.Errorf("reading OpenAPI description: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, errors.New("OpenAPI description is not an object")
	}
	if v, _ := root["openapi"].(string); !strings.HasPrefix(v, "3.1") {
		return nil, fmt.Errorf("OpenAPI version %q, want 3.1", v)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, err
	}
	paths, _ := root["paths"].(map[string]any)
	v := &Validator{compiler: c, schemas: map[string]*jsonschema.Schema{}}
	for template, item := range paths {
		methods, _ := item.(map[string]any)
		for method, op := range methods {
			opMap, ok := op.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			v.ops = append(v.ops, newOperation(strings.ToUpper(method), template, opMap))
		}
	}
	return v, nil
}

// newOperation reads what an operation says about its request body.
func newOperation(method, template string, op map[string]any) operation {
	o := operation{method: method, template: template, segments: strings.Split(template, "/")}
	for _, seg := range o.segments {
		if !strings.HasPrefix(seg, "{") {
			o.literals++
		}
	}
	rb, ok := op["requestBody"].(map[string]any)
	if !ok {
		return o
	}
	o.body = true
	o.required, _ = rb["required"].(bool)
	content, _ := rb["content"].(map[string]any)
	_, o.json = content["application/json"]
	return o
}

// match finds the operation for a method and a concrete path, such as POST and
// /channels/1/messages: of the templates that fit, the one with the most literal segments, so
// that .../messages/@original wins over .../messages/{message_id}.
func (v *Validator) match(method, path string) (operation, bool) {
	segs := strings.Split(path, "/")
	var best operation
	found := false
	for _, o := range v.ops {
		if o.method != method || len(o.segments) != len(segs) {
			continue
		}
		if !fits(o.segments, segs) {
			continue
		}
		if !found || o.literals > best.literals {
			best, found = o, true
		}
	}
	return best, found
}

// fits reports whether concrete path segments fit template segments.
func fits(template, segs []string) bool {
	for i, t := range template {
		if strings.HasPrefix(t, "{") {
			if segs[i] == "" {
				return false
			}
			continue
		}
		if t != segs[i] {
			return false
		}
	}
	return true
}

// check validates a JSON payload and returns the names of the allowances applied.
func (v *Validator) check(method, path, contentType string, payload json.RawMessage) ([]string, error) {
	o, ok := v.match(method, path)
	if !ok {
		if len(payload) == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("%s %s: no such operation in the OpenAPI description", method, path)
	}
	name := o.method + " " + o.template
	switch {
	case len(payload) == 0 && o.required:
		return nil, fmt.Errorf("%s: request body required", name)
	case len(payload) == 0:
		return nil, nil
	case !o.body:
		return nil, fmt.Errorf("%s: the operation takes no request body", name)
	case !o.json:
		return nil, fmt.Errorf("%s: the operation takes no JSON body", name)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(payload))
	if err != nil {
		return nil, fmt.Errorf("%s: body is not JSON: %w", name, err)
	}
	var applied []string
	for _, a := range Allowances() {
		if a.applies(name) && a.apply(inst) {
			applied = append(applied, a.Name)
		}
	}
	sch, err := v.schema(o)
	if err != nil {
		return applied, err
	}
	if err := sch.Validate(inst); err != nil {
		return applied, fmt.Errorf("%s: %w", name, err)
	}
	return applied, nil
}

// schema compiles, once, the application/json requestBody schema of an operation.
func (v *Validator) schema(o operation) (*jsonschema.Schema, error) {
	loc := specURL + "#/paths/" + pointerEscape(o.template) + "/" + strings.ToLower(o.method) +
		"/requestBody/content/application~1json/schema"
	v.mu.Lock()
	defer v.mu.Unlock()
	if s, ok := v.schemas[loc]; ok {
		return s, nil
	}
	s, err := v.compiler.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compiling the schema of %s %s: %w", o.method, o.template, err)
	}
	v.schemas[loc] = s
	return s, nil
}

// pointerEscape escapes a JSON pointer token (RFC 6901).
func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
