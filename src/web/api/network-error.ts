/** The request never got an answer: the network dropped, or the dashboard could not be reached. */
export class NetworkError extends Error {
  constructor(message = "The network connection was lost.") {
    super(message);
    this.name = "NetworkError";
  }
}
