"""Running the server: metrics, logs, graceful shutdown, collector tuning and preflight."""
