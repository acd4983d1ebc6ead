package lang

// reviewMessages are the words of /volo review (bot/review.go): the
// refusals, the review's message and its chart.
var reviewMessages = []Message{
	// Refusals and what stops a review.
	{EN: "Review is for finished games, and this channel's game is still being played. Ask again once it is over.",
		FR: "L’analyse est réservée aux parties finies, et celle de ce salon est en cours. Redemandez quand elle sera terminée."},
	{EN: "No game has finished in this channel yet. /volo review game:ID reviews one from /volo games.",
		FR: "Aucune partie ne s’est encore terminée dans ce salon. /volo analyse partie:ID en analyse une de /volo parties."},
	{EN: "Game %s ended before anyone moved, so there is nothing to review.",
		FR: "La partie %s s’est terminée avant le premier coup : il n’y a rien à analyser."},
	{EN: "I am reviewing other games right now. Please ask again in a minute.",
		FR: "J’analyse déjà d’autres parties. Redemandez dans une minute."},
	{EN: "I am restarting and had to stop this review. Please ask again in a minute.",
		FR: "Je redémarre et j’ai dû arrêter cette analyse. Redemandez dans une minute."},
	{EN: "Reviewing game %s took longer than Discord lets me answer, so I stopped.",
		FR: "L’analyse de la partie %s a pris plus de temps que Discord ne m’en laisse pour répondre : je l’ai arrêtée."},

	// The review's message.
	{EN: "**Review** of %s vs %s · %s · game `%s`", FR: "**Analyse** de %s contre %s · %s · partie `%s`"},
	{EN: "The moves that changed their player's chance of winning most, before → after:",
		FR: "Les coups qui ont le plus changé les chances de victoire de leur joueur, avant → après :"},
	{EN: "Move %d, %s (%s) %s: %s → %s; I preferred %s (%s).", FR: "Coup %d, %s (%s) %s : %s → %s ; j’aurais préféré %s (%s)."},
	{EN: "Move %d, %s (%s) %s: %s → %s, the move I preferred too.", FR: "Coup %d, %s (%s) %s : %s → %s, le coup que j’aurais choisi aussi."},
	{EN: "Move %d, %s (%s) %s: %s → %s.", FR: "Coup %d, %s (%s) %s : %s → %s."},
	{EN: "The chart shows Orange's chance after every move, from my search of %d playouts a position.",
		FR: "Le graphique montre les chances d’Orange après chaque coup, selon ma recherche de %d simulations par position."},
	// A chance, as a whole percentage.
	{EN: "%d%%", FR: "%d\u00a0%%"},

	// The chart: its title, the axis, a marked move.
	{EN: "%s vs %s · Orange's chance of winning", FR: "%s contre %s · chances de victoire d’Orange"},
	{EN: "moves", FR: "coups"},
	{EN: "%d. %s", FR: "%d. %s"},

	// The line of /volo help.
	{EN: "`/volo review` a finished game: its chances move by move and its three turning points",
		FR: "`/volo analyse` une partie finie : ses chances coup par coup et ses trois tournants"},
}
