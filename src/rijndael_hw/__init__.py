"""rijndael-hw: parameterized Rijndael/AES hardware cores with their golden model and tools."""

__version__ = "0.1.0"
