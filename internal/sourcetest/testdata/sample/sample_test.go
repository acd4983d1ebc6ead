package sample

func init() { _ = refuse("in a test: not read") }
