"""What a game leaves behind: saves that resume, logs that replay."""
