package sandbox

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// What the page is sent: the guild, its people and channels, and messages ready to show, with
// their markdown rendered and their files pointed at the sandbox.

// stateView is the guild as the sidebar and the user switch show it.
type stateView struct {
	Guild    guildView     `json:"guild"`
	Bot      userView      `json:"bot"`
	Users    []userView    `json:"users"`
	Channels []channelView `json:"channels"`
}

type guildView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// userView is a person or the bot, with what their avatar shows.
type userView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Username string `json:"username"`
	Initial  string `json:"initial"`
	Colour   string `json:"colour"`
	Bot      bool   `json:"bot,omitempty"`
	Note     string `json:"note,omitempty"`
	// Locale is their client's language, such as "fr": the page shows
	// them Discord's timestamps in it, as their client would.
	Locale string `json:"locale,omitempty"`
}

// channelView is a text channel with its threads, a thread, or one of a user's direct
// messages (DM): with the bot or another person, named after them, With; or a group DM, with
// its people. Direct messages say which message is their latest, for the page to tell them
// unread, and whether the bot's commands are offered there to the user they are shown to.
type channelView struct {
	ID            string        `json:"id"`
	Name          string        `json:"name"`
	Topic         string        `json:"topic,omitempty"`
	ParentID      string        `json:"parentId,omitempty"`
	Thread        bool          `json:"thread,omitempty"`
	Archived      bool          `json:"archived,omitempty"`
	Threads       []channelView `json:"threads,omitempty"`
	DM            bool          `json:"dm,omitempty"`
	With          *userView     `json:"with,omitempty"`
	Group         bool          `json:"group,omitempty"`
	Members       []userView    `json:"members,omitempty"`
	Commands      bool          `json:"commands,omitempty"`
	LastMessageID string        `json:"lastMessageId,omitempty"`
}

// messageView is a message as the page shows it.
type messageView struct {
	ID          string           `json:"id"`
	ChannelID   string           `json:"channelId"`
	Kind        string           `json:"kind"` // "default", or "thread-created" for Discord's notice
	Author      userView         `json:"author"`
	Time        time.Time        `json:"time"`
	Edited      bool             `json:"edited,omitempty"`
	HTML        string           `json:"html"`
	Mentions    []string         `json:"mentions,omitempty"`
	VisibleTo   string           `json:"visibleTo,omitempty"`
	Loading     bool             `json:"loading,omitempty"`
	Command     *commandView     `json:"command,omitempty"`
	Reply       *replyView       `json:"reply,omitempty"`
	Attachments []attachmentView `json:"attachments,omitempty"`
	Embeds      []embedView      `json:"embeds,omitempty"`
	Components  []componentView  `json:"components,omitempty"`
	Thread      *channelView     `json:"thread,omitempty"`
}

// replyView is the line above a reply: who is answered, and the start of what they said.
type replyView struct {
	ID     string   `json:"id"`
	Author userView `json:"author"`
	Text   string   `json:"text"`
}

// commandView is the "ana used /volo challenge" line above a command's answer.
type commandView struct {
	User userView `json:"user"`
	Name string   `json:"name"`
}

type attachmentView struct {
	URL         string `json:"url"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
	Image       bool   `json:"image,omitempty"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	Size        int    `json:"size"`
}

type embedView struct {
	Colour    string      `json:"colour,omitempty"`
	Author    string      `json:"author,omitempty"`
	Title     string      `json:"title,omitempty"`
	URL       string      `json:"url,omitempty"`
	HTML      string      `json:"html,omitempty"`
	Fields    []fieldView `json:"fields,omitempty"`
	Image     string      `json:"image,omitempty"`
	Thumbnail string      `json:"thumbnail,omitempty"`
	Footer    string      `json:"footer,omitempty"`
	Timestamp string      `json:"timestamp,omitempty"`
}

type fieldView struct {
	Name   string `json:"name"`
	HTML   string `json:"html"`
	Inline bool   `json:"inline,omitempty"`
}

// componentView is a message component the bot sends: an action row and its buttons and string
// select menus.
type componentView struct {
	Type        int             `json:"type"`
	Style       int             `json:"style,omitempty"`
	Label       string          `json:"label,omitempty"`
	Emoji       string          `json:"emoji,omitempty"`
	CustomID    string          `json:"customId,omitempty"`
	URL         string          `json:"url,omitempty"`
	Disabled    bool            `json:"disabled,omitempty"`
	Placeholder string          `json:"placeholder,omitempty"`
	MinValues   int             `json:"minValues,omitempty"`
	MaxValues   int             `json:"maxValues,omitempty"`
	Options     []optionView    `json:"options,omitempty"`
	Components  []componentView `json:"components,omitempty"`
}

// optionView is an option of a select menu.
type optionView struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Emoji       string `json:"emoji,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// avatarColours are Discord's default avatar colours, handed out in turn.
var avatarColours = []string{"#5865f2", "#3ba55c", "#eb459e", "#faa61a", "#ed4245", "#757e8a"}

// botColour is the bot's avatar, the orange of the first player.
const botColour = "#e8772e"

// state builds what the sidebar shows.
func (sb *Sandbox) state() stateView {
	st := stateView{Guild: guildView{ID: sb.guild.ID, Name: sb.guild.Name}, Bot: sb.userView(sb.srv.Bot())}
	for _, u := range sb.members() {
		st.Users = append(st.Users, sb.userView(u))
	}
	for _, c := range sb.srv.Channels(sb.guild.ID) {
		if c.Type != fakediscord.ChannelGuildText {
			continue
		}
		cv := channelOf(c)
		for _, th := range sb.srv.Threads(c.ID) {
			cv.Threads = append(cv.Threads, channelOf(th))
		}
		st.Channels = append(st.Channels, cv)
	}
	return st
}

// channelOf shows a channel or thread.
func channelOf(c fakediscord.Channel) channelView {
	v := channelView{ID: c.ID, Name: c.Name, Topic: c.Topic, Thread: c.Type.IsThread()}
	if v.Thread {
		v.ParentID = c.ParentID
		v.Archived = c.ThreadMetadata != nil && c.ThreadMetadata.Archived
	}
	return v
}

// privateView shows a channel outside the guild as a user in it sees it: their direct messages
// with the bot, named after it; a DM with another person, named after them; or a group DM, by
// its name, or its other people's names when it has none, as Discord's client does.
func (sb *Sandbox) privateView(c fakediscord.Channel, viewer fakediscord.User) channelView {
	v := channelView{ID: c.ID, Name: c.Name, DM: true, LastMessageID: c.LastMessageID,
		Commands: sb.offersCommands(c.ID, viewer.ID)}
	switch {
	case isBotDM(c):
		bot := sb.userView(sb.srv.Bot())
		v.Name, v.With = bot.Name, &bot
	case c.Type == fakediscord.ChannelGroupDM:
		v.Group = true
		var others []string
		for _, r := range c.Recipients {
			u, ok := sb.srv.User(r.ID)
			if !ok {
				u = r
			}
			uv := sb.userView(u)
			v.Members = append(v.Members, uv)
			if u.ID != viewer.ID {
				others = append(others, uv.Name)
			}
		}
		if v.Name == "" {
			v.Name = strings.Join(others, ", ")
		}
		if v.Name == "" {
			v.Name = sb.userView(viewer).Name
		}
	default:
		for _, r := range c.Recipients {
			if r.ID != viewer.ID {
				u, ok := sb.srv.User(r.ID)
				if !ok {
					u = r
				}
				uv := sb.userView(u)
				v.Name, v.With = uv.Name, &uv
			}
		}
	}
	return v
}

// dmName names a direct message or group DM for whoever reads a link to it: the bot's name for
// its own DMs, else the group's name or its people's names.
func (sb *Sandbox) dmName(c fakediscord.Channel) string {
	if isBotDM(c) {
		return sb.botName()
	}
	if c.Type == fakediscord.ChannelGroupDM && c.Name != "" {
		return c.Name
	}
	var people []string
	for _, r := range c.Recipients {
		u, ok := sb.srv.User(r.ID)
		if !ok {
			u = r
		}
		people = append(people, sb.userView(u).Name)
	}
	return strings.Join(people, ", ")
}

// userView shows a user with an avatar colour that stays the same for them.
func (sb *Sandbox) userView(u fakediscord.User) userView {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	v := userView{ID: u.ID, Name: name, Username: u.Username, Bot: u.Bot, Note: sb.notes[u.ID], Locale: u.Locale}
	if r := []rune(name); len(r) > 0 {
		v.Initial = strings.ToUpper(string(r[0]))
	}
	v.Colour = botColour
	if !u.Bot {
		v.Colour = avatarColours[sb.colourIndex(u.ID)%len(avatarColours)]
	}
	return v
}

// colourIndex is the place of a user among the stand-in's users, which orders their colours.
func (sb *Sandbox) colourIndex(id string) int {
	k := 0
	for _, u := range sb.srv.Users() {
		if u.Bot {
			continue
		}
		if u.ID == id {
			return k
		}
		k++
	}
	return k
}

// renderer returns a markdown renderer that names the guild's users, channels and roles.
func (sb *Sandbox) renderer() *renderer {
	roles := sb.srv.Roles(sb.guild.ID)
	return &renderer{now: time.Now(), names: names{
		user: func(id string) (string, bool) {
			u, ok := sb.srv.User(id)
			if !ok {
				return "", false
			}
			return sb.userView(u).Name, true
		},
		channel: func(id string) (string, bool) {
			c, ok := sb.srv.Channel(id)
			return c.Name, ok
		},
		dm: func(id string) (string, bool) {
			c, ok := sb.srv.Channel(id)
			if !ok || c.Type != fakediscord.ChannelDM && c.Type != fakediscord.ChannelGroupDM {
				return "", false
			}
			return sb.dmName(c), true
		},
		role: func(id string) (string, bool) {
			for _, r := range roles {
				if r.ID == id {
					return strings.TrimPrefix(r.Name, "@"), true
				}
			}
			return "", false
		},
	}}
}

// messageView builds what the page shows of a message.
func (sb *Sandbox) messageView(m fakediscord.Message) messageView {
	r := sb.renderer()
	v := messageView{ID: m.ID, ChannelID: m.ChannelID, Kind: "default", Author: sb.userView(m.Author),
		Time: m.Timestamp, Edited: m.EditedTimestamp != nil, VisibleTo: m.VisibleTo,
		Loading: m.Flags&fakediscord.FlagLoading != 0}
	if m.Type == fakediscord.MessageThreadCreated {
		v.Kind = "thread-created"
		if m.MessageReference != nil {
			if th, ok := sb.srv.Channel(m.MessageReference.ChannelID); ok {
				tv := channelOf(th)
				v.Thread = &tv
			}
		}
		v.HTML = r.inline(m.Content)
		return v
	}
	v.HTML = r.markdown(m.Content)
	if meta := m.InteractionMetadata; meta != nil && meta.Type == fakediscord.InteractionApplicationCommand {
		v.Command = &commandView{User: sb.userView(meta.User), Name: sb.commandName(meta.ID, meta.Name)}
	}
	if ref := m.MessageReference; m.Type == fakediscord.MessageReply && ref != nil && ref.MessageID != "" {
		v.Reply = &replyView{ID: ref.MessageID, Text: "Original message was deleted"}
		if orig, ok := sb.srv.Message(ref.MessageID); ok {
			v.Reply.Author, v.Reply.Text = sb.userView(orig.Author), excerpt(orig.Content)
		}
	}
	referenced := map[string]bool{}
	v.Components = components(m.Components)
	v.Embeds = sb.embeds(r, m.Embeds, referenced)
	for _, a := range m.Attachments {
		if referenced[a.ID] {
			continue
		}
		v.Attachments = append(v.Attachments, attachmentOf(a))
	}
	v.Mentions = r.mentioned
	return v
}

// excerpt is the start of a message's text, on one line, as a reply shows it.
func excerpt(content string) string {
	s := strings.Join(strings.Fields(content), " ")
	if r := []rune(s); len(r) > 100 {
		s = string(r[:100]) + "…"
	}
	if s == "" {
		s = "Click to see attachment"
	}
	return s
}

// safeURL keeps a link only if it is http or https: a page must not run a bot's javascript:.
func safeURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	return raw
}

// attachmentOf shows an attachment, served by the sandbox.
func attachmentOf(a fakediscord.Attachment) attachmentView {
	return attachmentView{URL: attachmentPath(a), Filename: a.Filename, Description: a.Description,
		Image: strings.HasPrefix(a.ContentType, "image/"),
		Width: a.Width, Height: a.Height, Size: a.Size}
}

// attachmentPath is where the sandbox serves an attachment's bytes.
func attachmentPath(a fakediscord.Attachment) string {
	if u, err := url.Parse(a.URL); err == nil && strings.HasPrefix(u.Path, "/attachments/") {
		return u.Path
	}
	return "/attachments/-/" + a.ID + "/" + url.PathEscape(a.Filename)
}

// mediaURL points a media URL of an embed at the sandbox: Discord's CDN at the same path here
// (the stand-in resolved attachment://name to it; one it could not resolve shows nothing). Other
// URLs are kept; the sandbox has no network, so they may not load. referenced collects the
// attachments used.
func mediaURL(raw string, referenced map[string]bool) string {
	if strings.HasPrefix(raw, "attachment://") {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || !strings.HasPrefix(u.Path, "/attachments/") {
		return raw
	}
	if parts := strings.Split(u.Path, "/"); len(parts) == 5 {
		referenced[parts[3]] = true
	}
	return u.Path
}

// embeds shows a message's embeds.
func (sb *Sandbox) embeds(r *renderer, raw json.RawMessage, referenced map[string]bool) []embedView {
	var list []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		URL         string `json:"url"`
		Color       *int   `json:"color"`
		Timestamp   string `json:"timestamp"`
		Author      *struct {
			Name string `json:"name"`
		} `json:"author"`
		Footer *struct {
			Text string `json:"text"`
		} `json:"footer"`
		Image *struct {
			URL string `json:"url"`
		} `json:"image"`
		Thumbnail *struct {
			URL string `json:"url"`
		} `json:"thumbnail"`
		Fields []struct {
			Name   string `json:"name"`
			Value  string `json:"value"`
			Inline bool   `json:"inline"`
		} `json:"fields"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &list) != nil {
		return nil
	}
	out := make([]embedView, 0, len(list))
	for _, e := range list {
		v := embedView{Title: e.Title, URL: safeURL(e.URL), HTML: r.markdown(e.Description), Timestamp: e.Timestamp}
		if e.Color != nil {
			v.Colour = colour(*e.Color)
		}
		if e.Author != nil {
			v.Author = e.Author.Name
		}
		if e.Footer != nil {
			v.Footer = e.Footer.Text
		}
		if e.Image != nil {
			v.Image = mediaURL(e.Image.URL, referenced)
		}
		if e.Thumbnail != nil {
			v.Thumbnail = mediaURL(e.Thumbnail.URL, referenced)
		}
		for _, f := range e.Fields {
			v.Fields = append(v.Fields, fieldView{Name: r.inline(f.Name), HTML: r.markdown(f.Value), Inline: f.Inline})
		}
		out = append(out, v)
	}
	return out
}

// colour writes a Discord colour integer as CSS.
func colour(c int) string {
	const hex = "0123456789abcdef"
	b := []byte("#000000")
	for i := 6; i >= 1; i-- {
		b[i] = hex[c&0xf]
		c >>= 4
	}
	return string(b)
}

// wireComponent is a message component as Discord sends it, every kind's fields together.
type wireComponent struct {
	Type        int    `json:"type"`
	Style       int    `json:"style"`
	Label       string `json:"label"`
	CustomID    string `json:"custom_id"`
	URL         string `json:"url"`
	Disabled    bool   `json:"disabled"`
	Placeholder string `json:"placeholder"`
	MinValues   *int   `json:"min_values"`
	MaxValues   *int   `json:"max_values"`
	Emoji       *struct {
		Name string `json:"name"`
	} `json:"emoji"`
	Options []struct {
		Label       string `json:"label"`
		Value       string `json:"value"`
		Description string `json:"description"`
		Default     bool   `json:"default"`
		Emoji       *struct {
			Name string `json:"name"`
		} `json:"emoji"`
	} `json:"options"`
	Components []wireComponent `json:"components"`
}

// components shows a message's components.
func components(raw json.RawMessage) []componentView {
	var list []wireComponent
	if len(raw) == 0 || json.Unmarshal(raw, &list) != nil {
		return nil
	}
	out := make([]componentView, 0, len(list))
	for _, c := range list {
		out = append(out, component(c))
	}
	return out
}

// component shows one component and what it holds.
func component(c wireComponent) componentView {
	v := componentView{Type: c.Type, Style: c.Style, Label: c.Label, CustomID: c.CustomID, URL: safeURL(c.URL),
		Disabled: c.Disabled, Placeholder: c.Placeholder, MinValues: 1, MaxValues: 1}
	if c.Emoji != nil {
		v.Emoji = c.Emoji.Name
	}
	if c.MinValues != nil {
		v.MinValues = *c.MinValues
	}
	if c.MaxValues != nil {
		v.MaxValues = *c.MaxValues
	}
	for _, o := range c.Options {
		ov := optionView{Label: o.Label, Value: o.Value, Description: o.Description, Default: o.Default}
		if o.Emoji != nil {
			ov.Emoji = o.Emoji.Name
		}
		v.Options = append(v.Options, ov)
	}
	for _, child := range c.Components {
		v.Components = append(v.Components, component(child))
	}
	return v
}

// commandName names the command an interaction used, with its subcommands, as Discord's client
// shows it above the answer: "volo challenge". The stand-in's metadata has the top name only;
// the interaction's payload has the rest.
func (sb *Sandbox) commandName(interactionID, fallback string) string {
	sb.mu.Lock()
	name, ok := sb.names[interactionID]
	sb.mu.Unlock()
	if ok {
		return name
	}
	inter, found := sb.srv.Interaction(interactionID)
	if !found {
		return fallback
	}
	var p struct {
		Data struct {
			Name    string       `json:"name"`
			Options []wireOption `json:"options"`
		} `json:"data"`
	}
	if json.Unmarshal(inter.Payload, &p) != nil || p.Data.Name == "" {
		return fallback
	}
	name = p.Data.Name
	for opts := p.Data.Options; len(opts) == 1 && (opts[0].Type == 1 || opts[0].Type == 2); opts = opts[0].Options {
		name += " " + opts[0].Name
	}
	sb.mu.Lock()
	sb.names[interactionID] = name
	sb.mu.Unlock()
	return name
}

// wireOption is an option of an interaction's data as Discord sends it.
type wireOption struct {
	Name    string       `json:"name"`
	Type    int          `json:"type"`
	Options []wireOption `json:"options"`
}
