"""What travels on the socket: the frames a client sends (protocol) and the error codes."""
