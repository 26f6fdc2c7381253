"""What is typed about a championship: its stages and its halls and roles."""
