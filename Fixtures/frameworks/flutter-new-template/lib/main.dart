import 'dart:io';

import 'package:flutter/material.dart';
import 'package:path_provider/path_provider.dart';

void main() => runApp(const QuillpadApp());

class QuillpadApp extends StatelessWidget {
  const QuillpadApp({super.key});

  @override
  Widget build(BuildContext context) => const MaterialApp(title: 'Quillpad', home: NotePage());
}

class NotePage extends StatefulWidget {
  const NotePage({super.key});

  @override
  State<NotePage> createState() => _NotePageState();
}

class _NotePageState extends State<NotePage> {
  final _text = TextEditingController();

  Future<File> get _file async => File('${(await getApplicationDocumentsDirectory()).path}/note.txt');

  @override
  void initState() {
    super.initState();
    _file.then((f) async {
      if (await f.exists()) _text.text = await f.readAsString();
    });
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      body: SafeArea(
        child: TextField(
          controller: _text,
          maxLines: null,
          onChanged: (v) async => (await _file).writeAsString(v),
        ),
      ),
    );
  }
}
