import React, {useEffect} from 'react';
import {NativeEventEmitter, NativeModules, Text, View} from 'react-native';

const shortcuts = new NativeEventEmitter(NativeModules.PPTShortcutEmitter);

export default function Lockers({navigation}: any) {
  useEffect(() => {
    const sub = shortcuts.addListener('shortcut', (type: string) => {
      if (type === 'org.example.parcelpoint.scan') {
        navigation.navigate('Scan');
      }
    });
    return () => sub.remove();
  }, [navigation]);
  return (
    <View style={{padding: 16}}>
      <Text>Lockers near you</Text>
    </View>
  );
}
