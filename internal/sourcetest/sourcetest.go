// Package sourcetest reads a package's Go source for its tests: the
// literal strings it passes to the calls a test names, such as the
// sentences a package hands to be translated.
package sourcetest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// Literal is a string literal passed to a call.
type Literal struct {
	Pos  token.Position // where the literal stands
	Func string         // the name of the function or method called
	Text string         // the string, unquoted
}

// Literals returns the string literals that the non-test Go files of
// dir pass to the calls named in args, at the argument args gives (from
// 0), in the order of the files' names and then of the source. A call
// counts by its function's or method's name, except a function of
// package fmt; an argument that is not a literal string is passed over.
func Literals(dir string, args map[string]int) ([]Literal, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("sourcetest: %w", err)
	}
	fset := token.NewFileSet()
	var found []Literal
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, fmt.Errorf("sourcetest: %w", err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if lit, ok := literal(fset, call, args); ok {
					found = append(found, lit)
				}
			}
			return true
		})
	}
	return found, nil
}

// literal returns the literal call passes at the argument args names for
// its function, if it is one.
func literal(fset *token.FileSet, call *ast.CallExpr, args map[string]int) (Literal, bool) {
	var fn string
	switch f := call.Fun.(type) {
	case *ast.Ident:
		fn = f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok && x.Name == "fmt" {
			return Literal{}, false
		}
		fn = f.Sel.Name
	}
	i, ok := args[fn]
	if !ok || i >= len(call.Args) {
		return Literal{}, false
	}
	lit, ok := call.Args[i].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return Literal{}, false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil { // the parser accepted it: it cannot happen
		return Literal{}, false
	}
	return Literal{fset.Position(lit.Pos()), fn, s}, true
}
