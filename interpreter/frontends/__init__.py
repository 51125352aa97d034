"""The adapters people meet: the command line, the terminal game, the web app, the language server,
and the words they share.
"""
