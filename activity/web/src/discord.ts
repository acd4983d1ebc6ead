// Discord's side: the Embedded App SDK. The page asks Discord who is
// looking (authorize, scope identify), hands the code to the server for a
// session, proves it to the SDK (authenticate), and follows who is in the
// Activity (its participants).

import { DiscordSDK, Events } from "@discord/embedded-app-sdk";

/** Participant is someone connected to the Activity's instance. */
export interface Participant {
  id: string;
  name: string;
}

/** Discord wraps the SDK. */
export class Discord {
  readonly sdk: DiscordSDK;

  constructor(readonly clientId: string) {
    // The console stays the page's own: the SDK would otherwise send every
    // line to Discord's client.
    this.sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  }

  /** instanceId is the Activity's instance, which the server checks with Discord. */
  get instanceId(): string {
    return this.sdk.instanceId;
  }

  /** ready waits for Discord's client to answer the handshake. */
  ready(): Promise<void> {
    return this.sdk.ready();
  }

  /** authorize asks Discord for a code, without a prompt when the user allowed the app before. */
  async authorize(): Promise<string> {
    const { code } = await this.sdk.commands.authorize({
      client_id: this.clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    return code;
  }

  /** authenticate hands the SDK the access token the server got for the code. */
  async authenticate(accessToken: string): Promise<void> {
    await this.sdk.commands.authenticate({ access_token: accessToken });
  }

  /**
   * participants calls f with who is connected now and again whenever that
   * changes. A failure to ask leaves the list as it is: it is a courtesy.
   */
  async participants(f: (ps: Participant[]) => void): Promise<void> {
    type Raw = { id: string; username: string; global_name?: string | null };
    const names = (list: Raw[]) => list.map((p) => ({ id: p.id, name: p.global_name || p.username }));
    try {
      await this.sdk.subscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, (e: { participants: Raw[] }) => f(names(e.participants)));
    } catch {
      // Not followed; the first answer below still shows who is here.
    }
    try {
      const { participants } = await this.sdk.commands.getInstanceConnectedParticipants();
      f(names(participants));
    } catch {
      // Nobody shown.
    }
  }
}

/** rpcMessage returns the message of an SDK rejection: an Error or a plain {code, message}. */
export function rpcMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === "object" && e !== null && "message" in e) return String((e as { message: unknown }).message);
  return String(e);
}
