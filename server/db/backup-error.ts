/** A backup or restore refused or failed for a reason the owner can act on; the message is one plain sentence or two. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}
