package sample

import "fmt"

type tag struct{}

func (tag) Sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func refuse(format string, args ...any) error { return fmt.Errorf(format, args...) }

func illegal(code int, format string) error { return fmt.Errorf(format) }

func say(t tag, name string) {
	_ = refuse("You cannot play %s.", name)
	_ = t.Sprintf(`It is %s's turn.`, name)
	_ = illegal(1, "a bird on %s")
	_ = fmt.Sprintf("not a message: %s", name)
	_ = refuse(name)
	_ = illegal(2)
}
