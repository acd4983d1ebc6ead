package lang

// renderMessages are the words of package render: the status strip of a
// board image and of a game's GIF. They must fit the strip: the status
// line has some 75 characters at any size, the counts some 40.
var renderMessages = []Message{
	// A player's counts, after the name.
	{
		EN: "%d birds · %d in supply · 1 flock", ENOne: "%d bird · %d in supply · 1 flock",
		FR: "%d oiseaux · %d en réserve · 1 nuée", FROne: "%d oiseau · %d en réserve · 1 nuée",
		Arg: 1,
	},
	{
		EN: "%d birds · %d in supply · %d flocks", ENOne: "%d bird · %d in supply · %d flocks",
		FR: "%d oiseaux · %d en réserve · %d nuées", FROne: "%d oiseau · %d en réserve · %d nuées",
		Arg: 1,
	},

	// The status line: the parts joined by " · ", or the region question.
	{EN: "Move %d", FR: "Coup %d"},
	{EN: "Start", FR: "Départ"},
	{EN: "%s added %s", FR: "%s a ajouté un oiseau en %s"},
	{EN: "%s flew %s", FR: "%s a fait voler %s"},
	{EN: "%s flew %s, clearing %d", FR: "%s a fait voler %s, retirant %d"},
	{EN: "%s passed", FR: "%s a passé"},
	{EN: "%s to play", FR: "À %s de jouer"},
	{EN: "%s flies %s: which region does %s keep? %s or %s", FR: "%s fait voler %s : quelle région garde %s ? %s ou %s"},
}
