package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// translated are the packages whose words the catalogue holds, from the
// module's root.
var translated = []string{"bot", "engine", "render"}

// formatArg names the calls whose argument is a message of the catalogue,
// and which argument (from 0). Methods named Sprintf and Sprint count
// unless called on package fmt.
var formatArg = map[string]int{
	"Sprintf": 0, // lang.Tag's
	"Sprint":  0, // lang.Tag's
	"sprintf": 0, // a language's Sprintf passed to a Words method
	"refuse":  0, // bot: a refusal, worded when answered
	"illegal": 1, // engine: a refused move
	"phrase":  0, // engine: words kept to be said in a language
}

// TestEveryMessageIsInTheCatalogue reads the translated packages and
// checks that every message they pass to a translating call, as a
// literal, is in the catalogue, so no sentence stays English in French.
func TestEveryMessageIsInTheCatalogue(t *testing.T) {
	for _, dir := range translated {
		for _, call := range messageCalls(t, filepath.Join("..", "..", dir)) {
			if !Has(call.format) {
				t.Errorf("%s: %q is not in the catalogue", call.pos, call.format)
			}
		}
	}
}

type messageCall struct {
	pos    token.Position
	format string
}

// messageCalls finds the literal messages passed to translating calls in
// the non-test Go files of dir.
func messageCalls(t *testing.T, dir string) []messageCall {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var calls []messageCall
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fn string
			switch f := call.Fun.(type) {
			case *ast.Ident:
				fn = f.Name
			case *ast.SelectorExpr:
				if x, ok := f.X.(*ast.Ident); ok && x.Name == "fmt" {
					return true
				}
				fn = f.Sel.Name
			}
			i, ok := formatArg[fn]
			if !ok || i >= len(call.Args) {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, messageCall{fset.Position(lit.Pos()), s})
			return true
		})
	}
	return calls
}
