"""The edge: the HTTP routes and the WebSocket endpoint, their checks, limits and OpenAPI,
and Telegram's login. Everything here talks to the rooms, the hall and review below it."""
