/**
 * Which sockets subscribed to each channel, so that an event reaches only the sockets of its own
 * channels instead of every socket of the process. Kept up to date by the sockets' subscription
 * sets (a channel joins when a first subscription names it, leaves when the last one goes) and by
 * the registry when a socket closes.
 */
export class ChannelIndex<Member> {
  private readonly byChannel = new Map<string, Set<Member>>();

  add(channel: string, member: Member): void {
    let members = this.byChannel.get(channel);
    if (!members) this.byChannel.set(channel, (members = new Set()));
    members.add(member);
  }

  remove(channel: string, member: Member): void {
    const members = this.byChannel.get(channel);
    if (!members?.delete(member)) return;
    if (members.size === 0) this.byChannel.delete(channel);
  }

  /** The members subscribed to at least one of `channels`, each once. */
  membersOf(channels: readonly string[]): Set<Member> {
    const found = new Set<Member>();
    for (const channel of channels) {
      const members = this.byChannel.get(channel);
      if (members) for (const member of members) found.add(member);
    }
    return found;
  }

  /** Channels with at least one member (tests, metrics). */
  get channelCount(): number {
    return this.byChannel.size;
  }
}
