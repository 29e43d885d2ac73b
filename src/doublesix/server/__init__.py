"""The game server: an ASGI app (Starlette), a rooms service, storage backends, the client.

Importing this package pulls in nothing heavy; :func:`doublesix.server.app.create_app`
imports Starlette. ``import doublesix`` never imports this package.
"""
