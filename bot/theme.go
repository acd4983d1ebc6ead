package bot

import (
	"sync"

	"github.com/volo-discord/volo/render"
)

// themes holds a renderer per board theme for the views a player sees
// alone, drawn in the theme they chose; the bot's own renderer draws
// everything public.
type themes struct {
	mu sync.Mutex
	by map[render.Theme]*render.Renderer
}

// themed returns the renderer for a player's own views: their theme if
// they chose one, else the bot's. A renderer that cannot be built falls
// back to the bot's.
func (b *Bot) themed(user string) *render.Renderer {
	us, err := b.store.UserSettings(user)
	if err != nil || us.Theme == "" {
		return b.render
	}
	t, err := render.ParseTheme(us.Theme)
	if err != nil || t == b.render.Options().Theme {
		return b.render
	}
	b.themes.mu.Lock()
	defer b.themes.mu.Unlock()
	if r := b.themes.by[t]; r != nil {
		return r
	}
	opt := b.render.Options()
	opt.Theme = t
	r, err := render.New(opt)
	if err != nil {
		b.log.Error("renderer for a theme", "theme", us.Theme, "err", err)
		return b.render
	}
	if b.themes.by == nil {
		b.themes.by = map[render.Theme]*render.Renderer{}
	}
	b.themes.by[t] = r
	return r
}
